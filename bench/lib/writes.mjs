// The write figures (issue 11, issue 25): purchases through the API on many members and on one hot member.
import { drain, load } from './load.mjs';

/**
 * Purchases recorded through the API: across 2,000 members of the big tenant (one per request, in turn),
 * then all on one member, whose balance must equal its ledger and whose entries must equal the 2xx answers
 * (the member's row lock serialises them). The tenant earns 1 point per $1 for the run.
 */
export async function purchases(api, headers, sql, tenantId, { connections = 50, seconds = 6 } = {}) {
  const ids = (await sql`select id from members where tenant_id = ${tenantId} order by id limit 2000`).map((r) => r.id);
  await sql`insert into points_conversion_settings (tenant_id, earn_rate_amount, earn_rate_points, redeem_rate_points,
      redeem_rate_amount, minimum_redemption, maximum_redemption, expiry_type, is_active)
    values (${tenantId}, 1, 1, 100, 1, 1, 100000, 'NEVER', true)
    on conflict (tenant_id) do update set is_active = true, earn_rate_amount = 1, earn_rate_points = 1`;
  const body = JSON.stringify({ type: 'PURCHASE', amount: 12.5 });
  const post = { headers: { ...headers, 'content-type': 'application/json' }, method: 'POST', body };
  // One purchase first: a refusal (a token, a membership, a setting) is reported as such, not as a figure.
  const probe = await fetch(`${api.base}/api/tenants/member/${ids[1]}/transactions`, post);
  if (!probe.ok)
    throw new Error(
      `a purchase answered ${probe.status}: ${(await probe.text()).slice(0, 300)}\n${api.output?.() ?? ''}`,
    );
  let next = 0;
  const spreadPath = () => `/api/tenants/member/${ids[next++ % ids.length]}/transactions`;
  const many = await load(api.base + spreadPath(), {
    ...post,
    connections: connections,
    seconds: seconds,
    nextPath: spreadPath,
    apiPid: api.pid,
  });
  const hot = ids[0];
  const state = async () =>
    (
      await sql`select m.points_balance as balance,
        (select coalesce(sum(points), 0)::int from points_ledger l where l.tenant_id = m.tenant_id and l.member_id = m.id) as ledger,
        (select count(*)::int from points_ledger l where l.tenant_id = m.tenant_id and l.member_id = m.id) as entries
      from members m where m.tenant_id = ${tenantId} and m.id = ${hot}`
    )[0];
  const before = await state();
  const one = await load(`${api.base}/api/tenants/member/${hot}/transactions`, {
    ...post,
    connections: connections,
    seconds: seconds,
    warmup: 0,
  });
  await drain(api.base);
  const after = await state();
  const recorded = after.entries - before.entries;
  // Each purchase earns 12 points ($12.50 at 1 point per $1). autocannon stops without reading the answers
  // in flight, so up to one per connection is recorded without being counted as answered.
  const correct =
    after.balance === after.ledger &&
    after.balance - before.balance === 12 * recorded &&
    recorded >= one.ok &&
    recorded <= one.ok + connections;
  const refunds = await refundsAcross(api, headers, sql, tenantId, { connections, seconds });
  const rewards = await rewardRedemptionsAcross(api, headers, sql, tenantId, { connections, seconds });
  const stamps = await stampAddsAcross(api, headers, sql, tenantId, { connections, seconds });
  return { many, one, hot: { ...after, recorded, answered: one.ok, correct }, refunds, rewards, stamps };
}

/**
 * Partial refunds through the API (issue 39), beside the purchases: $0.50 of a different purchase each time, in
 * turn across the purchases just recorded on 2,000 members (a $12.50 purchase takes 25 such refunds), so each
 * refund locks its member, reads the purchase and its refunds so far and writes the REFUND entry. Afterwards
 * every refunded member's balance must equal its ledger and no purchase may have given back more than it earned.
 */
export async function refundsAcross(api, headers, sql, tenantId, { connections = 50, seconds = 6 } = {}) {
  const bought = await sql`select id, member_id from points_ledger
    where tenant_id = ${tenantId} and type = 'PURCHASE' and amount = 12.50
    order by created_at desc limit 2000`;
  if (bought.length === 0) return { missing: 'no purchases to refund' };
  const body = JSON.stringify({ amount: 0.5 });
  const post = { headers: { ...headers, 'content-type': 'application/json' }, method: 'POST', body };
  let next = 0;
  const path = () => {
    const p = bought[next++ % bought.length];
    return `/api/tenants/member/${p.member_id}/transactions/${p.id}/refund`;
  };
  const probe = await fetch(api.base + path(), post);
  if (!probe.ok) return { missing: `a refund answered ${probe.status}: ${(await probe.text()).slice(0, 300)}` };
  const run = await load(api.base + path(), { ...post, connections, seconds, nextPath: path, apiPid: api.pid });
  await drain(api.base);
  const ids = bought.map((p) => p.id);
  const [check] = await sql`select
      (select count(*)::int from members m where m.tenant_id = ${tenantId}
        and m.id in (select member_id from points_ledger where tenant_id = ${tenantId} and id = any(${ids}))
        and m.points_balance <> (select coalesce(sum(points), 0) from points_ledger l
          where l.tenant_id = m.tenant_id and l.member_id = m.id)) as unbalanced,
      (select count(*)::int from points_ledger p where p.tenant_id = ${tenantId} and p.id = any(${ids})
        and p.points < -(select coalesce(sum(r.points), 0) from points_ledger r where r.refunds_id = p.id)) as overRefunded`;
  return { ...run, correct: check.unbalanced === 0 && check.overrefunded === 0, check };
}

/**
 * Reward redemptions through the API (issue 41), beside the purchases: a reward of 1 point (unlimited stock, no
 * limit per member) redeemed across the 2,000 members that just earned points, in turn, so each redemption locks
 * its member, checks the reward's rules, spends from the lots with a REDEEM entry naming the reward and records
 * the redemption and its webhook event. Afterwards every member's balance must equal its ledger and the
 * redemptions must equal the reward's REDEEM entries.
 */
export async function rewardRedemptionsAcross(api, headers, sql, tenantId, { connections = 50, seconds = 6 } = {}) {
  const json = { ...headers, 'content-type': 'application/json' };
  const made = await fetch(`${api.base}/api/tenants/rewards`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: `Bench sticker ${Date.now()}`, kind: 'FREE_ITEM', pointsCost: 1 }),
  });
  if (!made.ok) return { missing: `creating a reward answered ${made.status}: ${(await made.text()).slice(0, 300)}` };
  const reward = await made.json();
  const ids = (
    await sql`select id from members where tenant_id = ${tenantId} and points_balance > 0 order by id limit 2000`
  ).map((r) => r.id);
  if (ids.length === 0) return { missing: 'no members with points to redeem' };
  const post = { headers, method: 'POST' };
  let next = 0;
  const path = () => `/api/tenants/member/${ids[next++ % ids.length]}/rewards/${reward.id}/redeem`;
  const probe = await fetch(api.base + path(), post);
  if (!probe.ok) return { missing: `a redemption answered ${probe.status}: ${(await probe.text()).slice(0, 300)}` };
  const run = await load(api.base + path(), { ...post, connections, seconds, nextPath: path, apiPid: api.pid });
  await drain(api.base);
  const [check] = await sql`select
      (select count(*)::int from members m where m.tenant_id = ${tenantId} and m.id = any(${ids})
        and m.points_balance <> (select coalesce(sum(points), 0) from points_ledger l
          where l.tenant_id = m.tenant_id and l.member_id = m.id)) as unbalanced,
      (select count(*)::int from reward_redemptions r where r.tenant_id = ${tenantId} and r.reward_id = ${reward.id}) as redemptions,
      (select count(*)::int from points_ledger l where l.tenant_id = ${tenantId} and l.type = 'REDEEM'
        and l.reason = ${`Reward: ${reward.name}`}) as entries`;
  const correct = check.unbalanced === 0 && check.redemptions === check.entries;
  return { ...run, correct, check };
}

/**
 * Stamps added at the counter through the API (docs/design.md §10), beside the purchases: an 8-stamp card (one per
 * visit, no daily cap), one stamp per request across 2,000 members in turn, so each add locks its member, writes
 * its stamp entry and, every eighth, completes a card with its reward. Its CPU per request is printed beside a
 * purchase's. Afterwards every member's card must equal its entries (stamps less the cards' stamps) and the cards
 * completed the rewards issued. The card is turned off after the run, so later purchases earn no stamps.
 */
export async function stampAddsAcross(api, headers, sql, tenantId, { connections = 50, seconds = 6 } = {}) {
  const json = { ...headers, 'content-type': 'application/json' };
  const made = await fetch(`${api.base}/api/tenants/rewards`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: `Bench coffee ${Date.now()}`, kind: 'FREE_ITEM', pointsCost: 1 }),
  });
  if (!made.ok) return { missing: `creating a reward answered ${made.status}: ${(await made.text()).slice(0, 300)}` };
  const reward = await made.json();
  const saved = await fetch(`${api.base}/api/tenants/stamp-card`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ stampsPerCard: 8, earn: 'PER_VISIT', rewardId: reward.id }),
  });
  if (!saved.ok)
    return { missing: `saving the stamp card answered ${saved.status}: ${(await saved.text()).slice(0, 300)}` };
  const ids = (await sql`select id from members where tenant_id = ${tenantId} order by id limit 2000`).map((r) => r.id);
  const post = { headers: json, method: 'POST', body: JSON.stringify({ count: 1 }) };
  let next = 0;
  const path = () => `/api/tenants/member/${ids[next++ % ids.length]}/stamps`;
  try {
    const probe = await fetch(api.base + path(), post);
    if (!probe.ok) return { missing: `a stamp answered ${probe.status}: ${(await probe.text()).slice(0, 300)}` };
    const run = await load(api.base + path(), { ...post, connections, seconds, nextPath: path, apiPid: api.pid });
    await drain(api.base);
    const [check] = await sql`select
        (select count(*)::int from members m where m.tenant_id = ${tenantId} and m.id = any(${ids})
          and (m.stamps <> (select coalesce(sum(s.stamps - s.completed_stamps), 0) from stamp_ledger s
                where s.tenant_id = m.tenant_id and s.member_id = m.id)
            or m.cards_completed <> (select count(*) from reward_redemptions r
                where r.tenant_id = m.tenant_id and r.member_id = m.id and r.source = 'STAMPS'))) as unbalanced`;
    return { ...run, correct: check.unbalanced === 0, check };
  } finally {
    await sql`update stamp_card_settings set active = false where tenant_id = ${tenantId}`;
  }
}
