import { randomUUID } from 'node:crypto';
import type { Dashboard, MemberDataExport } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, craftToken, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addReward, rewardsApi } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { eventually } from '../../../test/support/wallet';
import { type Receiver, startReceiver } from '../../../test/support/webhook-receiver';
import { webhookTestApp } from '../../../test/support/webhooks';
import {
  erasedMembers,
  members,
  pointsLedger,
  rewardRedemptions,
  stampLedger,
  webhookDeliveries,
} from '../../db/schema';

/** A name no fixture or seed holds, so finding it anywhere in the database means erasure missed it. */
const uniqueName = () => `Zephyr${randomUUID().slice(0, 6)}`;

const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

/** The table or its schema is gone (SQLSTATE 42P01 undefined_table, 3F000 invalid_schema_name). */
const vanished = (error: unknown): boolean => {
  const code =
    (error as { cause?: { code?: string }; code?: string })?.cause?.code ?? (error as { code?: string })?.code;
  return code === '42P01' || code === '3F000';
};

/** Every text-like column of every table in every schema (the audit trail, webhooks and the job queue included). */
async function columnsHolding(app: FastifyInstance, needle: string): Promise<string[]> {
  const { db } = app.database;
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await db.execute(sql`select c.table_schema, c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')`),
  );
  const found: string[] = [];
  for (const c of columns) {
    const col = sql.raw(`"${c.column_name}"`);
    const table = sql.raw(`"${c.table_schema}"."${c.table_name}"`);
    let hit: { n: number }[];
    try {
      hit = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${table} where ${col}::text ilike ${`%${needle}%`}`),
      );
    } catch (error) {
      // Other files share the database: a job queue schema a test dropped after the listing above holds nobody.
      if (vanished(error)) continue;
      throw error;
    }
    if (Number(hit[0]?.n) > 0) found.push(`${c.table_schema}.${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('the customer’s own data', () => {
  let app: FastifyInstance;
  let receiver: Receiver;
  let biz: Awaited<ReturnType<typeof business>>;
  const slug = `shop-${randomUUID().slice(0, 8)}`;
  const api = () => membersApi(app);
  const asCustomer = (token: string, method: 'GET' | 'PUT' | 'DELETE', path = '', payload?: object) =>
    app.inject({ method, url: `/api/public/card/${slug}${path}`, headers: bearer(token), payload });
  const dashboard = async () =>
    (await app.inject({ url: '/api/dashboard', headers: bearer(biz.owner) })).json() as Dashboard;

  /** A customer who joined on the card page, bought twice and was renamed by staff: their trail names them. */
  async function customer(opts: { email?: string } = {}) {
    const phone = uniquePhone();
    const firstName = uniqueName();
    const lastName = uniqueName();
    const email = opts.email ?? `${firstName.toLowerCase()}@example.test`;
    const token = await signInWithPhone(phone);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Temp', lastName, email, acceptTerms: true, marketingOptIn: true },
    });
    expect(joined.statusCode).toBe(201);
    const [row] = await app.database.db
      .select({ id: members.id, code: members.membershipCode })
      .from(members)
      .where(and(eq(members.tenantId, biz.tenantId), eq(members.phone, phone)));
    const id = row?.id as string;
    const renamed = await api().update(biz.admin, id, { firstName, lastName, email, phone, status: 'active' });
    expect(renamed.statusCode).toBe(200);
    for (const amount of [120, 35.5]) {
      expect(
        (await api().record(biz.staff, id, { type: 'PURCHASE', amount, note: `for ${firstName}` })).statusCode,
      ).toBe(201);
    }
    expect((await api().record(biz.staff, id, { type: 'REDEEM', points: 100 })).statusCode).toBe(201);
    return { id, code: row?.code as string, phone, firstName, lastName, email, token };
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    app = await webhookTestApp();
    biz = await business(app);
    await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
    const settings = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.admin),
      payload: { enabled: true, slug, welcomePoints: 50, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(settings.statusCode).toBe(200);
    // A webhook endpoint, so the member's stored webhook bodies (which name the person) exist to be scrubbed.
    const hook = await app.inject({
      method: 'POST',
      url: '/api/tenants/webhooks',
      headers: bearer(biz.admin),
      payload: { url: receiver.url, events: ['member.created', 'member.updated', 'member.deleted'] },
    });
    expect(hook.statusCode).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('Download my data: the member, the whole ledger, redemptions and consents; another phone gets none of it', async () => {
    const mei = await customer();
    const res = await asCustomer(mei.token, 'GET', '/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="member-data-${mei.code}.json"`);
    const data = res.json() as MemberDataExport;
    expect(data.member).toMatchObject({
      id: mei.id,
      firstName: mei.firstName,
      lastName: mei.lastName,
      email: mei.email,
      phone: mei.phone,
      membershipCode: mei.code,
      pointsBalance: 50 + 1200 + 355 - 100,
      lifetimeSpend: 155.5,
    });
    expect(data.ledger.map((e) => e.type).sort()).toEqual(['BONUS', 'PURCHASE', 'PURCHASE', 'REDEEM']);
    expect(data.redemptions).toEqual([expect.objectContaining({ points: -100, rewardId: null })]);
    expect(data.consents.marketing).toEqual({ granted: true, changes: [] });

    // A phone that is no member here, and a member's own phone, never reach Mei's data.
    const stranger = await signInWithPhone(uniquePhone());
    expect((await asCustomer(stranger, 'GET', '/export')).statusCode).toBe(404);
    expect((await asCustomer(stranger, 'DELETE')).statusCode).toBe(404);
    const other = await customer();
    const theirs = (await asCustomer(other.token, 'GET', '/export')).json() as MemberDataExport;
    expect(theirs.member.id).toBe(other.id);
    expect(JSON.stringify(theirs)).not.toContain(mei.firstName);
    expect((await asCustomer(other.token, 'DELETE')).statusCode).toBe(204);
    expect((await asCustomer(mei.token, 'GET', '/export')).statusCode).toBe(200);
    // No token, or an API key: no customer.
    expect((await app.inject({ url: `/api/public/card/${slug}/export` })).statusCode).toBe(401);
  });

  it('marketing consent: withdrawn and given again on the card page, each change recorded', async () => {
    const kai = await customer();
    expect((await asCustomer(kai.token, 'GET', '/consents')).json()).toEqual({ marketingOptIn: true });
    const withdrawn = await asCustomer(kai.token, 'PUT', '/consents', { marketingOptIn: false });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ marketingOptIn: false });
    const [row] = await app.database.db.select().from(members).where(eq(members.id, kai.id));
    expect(row?.marketingOptIn).toBe(false);
    await asCustomer(kai.token, 'PUT', '/consents', { marketingOptIn: true });
    const data = (await asCustomer(kai.token, 'GET', '/export')).json() as MemberDataExport;
    expect(data.consents.marketing.granted).toBe(true);
    expect(data.consents.marketing.changes.map((c) => [c.granted, c.source])).toEqual([
      [false, 'card'],
      [true, 'card'],
    ]);
    const bad = await asCustomer(kai.token, 'PUT', '/consents', { marketingOptIn: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('marketingOptIn');
  });

  it('Delete my card needs an SMS sign-in of the last five minutes', async () => {
    const ann = await customer();
    const uid = JSON.parse(Buffer.from(ann.token.split('.')[1] as string, 'base64url').toString()).user_id;
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const stale = craftToken(uid, {
      phone_number: ann.phone,
      auth_time: sixMinutesAgo,
      firebase: { identities: { phone: [ann.phone] }, sign_in_provider: 'phone' },
    });
    const refused = await asCustomer(stale, 'DELETE');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'RECENT_SIGN_IN_REQUIRED' });
    // A token that still reads the card is not enough on its own: the stale one could, the member is still there.
    expect((await asCustomer(stale, 'GET', '/export')).statusCode).toBe(200);
    const [still] = await app.database.db.select().from(members).where(eq(members.id, ann.id));
    expect(still?.firstName).toBe(ann.firstName);
  });

  it('erasure: the person is nowhere readable, the figures stay, one audit event, webhooks told', {
    timeout: 90_000,
  }, async () => {
    const zoe = await customer();
    const trailBefore = await app.inject({ url: '/api/tenants/audit?size=100', headers: bearer(biz.owner) });
    // Before erasure the trail reads the person's details (sealed at rest, opened with their key).
    expect(trailBefore.body).toContain(zoe.firstName);
    expect(await columnsHolding(app, zoe.firstName)).toContain('public.members.first_name');
    expect(await columnsHolding(app, zoe.firstName)).not.toContain('public.audit_events.changes');
    const before = await dashboard();
    const fresh = await signInWithPhone(zoe.phone);

    const erased = await asCustomer(fresh, 'DELETE');
    expect(erased.statusCode).toBe(204);

    for (const needle of [zoe.firstName, zoe.lastName, zoe.email, zoe.phone]) {
      expect(await columnsHolding(app, needle), needle).toEqual([]);
    }
    // The code is left only in the member.deleted webhook itself, which names it so the business's systems
    // know whom to forget (the contract's body), and only until it is delivered; the member's earlier webhook
    // bodies lost it with the rest. (Codes repeat across businesses, so this looks at this business's
    // deliveries, not every column.)
    const withCode = async () =>
      (
        await app.database.db
          .select({ type: webhookDeliveries.eventType, status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(
            and(
              eq(webhookDeliveries.tenantId, biz.tenantId),
              sql`${webhookDeliveries.payload}::text like ${`%"${zoe.code}"%`}`,
            ),
          )
      ).map((r) => `${r.type} ${r.status}`);
    expect(['member.deleted PENDING', 'none']).toContain((await withCode())[0] ?? 'none');
    // Her phone account went too (no other business holds a card for it): her token opens nothing any more.
    expect((await asCustomer(fresh, 'GET')).statusCode).toBe(401);
    expect((await api().get(biz.admin, zoe.id)).statusCode).toBe(404);
    // The ledger stays, without the person, and the dashboard's points figures with it.
    const ledger = await app.database.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, zoe.id));
    expect(ledger).toHaveLength(4);
    expect(ledger.every((e) => e.note === null)).toBe(true);
    const after = await dashboard();
    expect(after.pointsIssued).toEqual(before.pointsIssued);
    expect(after.pointsOutstanding).toBe(before.pointsOutstanding);
    expect(after.liability).toBe(before.liability);
    // The person is no longer one of the members.
    expect(after.members.total).toBe(before.members.total - 1);

    const trail = await app.inject({ url: '/api/tenants/audit?size=100', headers: bearer(biz.owner) });
    expect(trail.body).not.toContain(zoe.firstName);
    const events = trail.json().content as { action: string; targetId: string; actorType: string; changes: object }[];
    const deletes = events.filter((e) => e.action === 'member.delete' && e.targetId === zoe.id);
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.actorType).toBe('member');
    const renamed = events.find((e) => e.action === 'member.update' && e.targetId === zoe.id);
    expect(renamed?.changes).toMatchObject({ firstName: { before: '[erased]', after: '[erased]' } });
    // Webhooks are told, with the id and the code the business's systems know the member by.
    const told = () =>
      receiver.received.some((r) => {
        const body = JSON.parse(r.body) as { type: string; data: { id: string } };
        return body.type === 'member.deleted' && body.data.id === zoe.id;
      });
    expect(await eventually(told)).toBe(true);
    expect(receiver.received.some((r) => r.body.includes(`"${zoe.code}"`))).toBe(true);
    // Once delivered, the stored body keeps the id alone.
    expect(await eventually(async () => (await withCode()).length === 0)).toBe(true);
    const [kept] = await app.database.db.select().from(erasedMembers).where(eq(erasedMembers.memberId, zoe.id));
    expect(kept).toMatchObject({ tenantId: biz.tenantId, pointsBalance: 50 + 1200 + 355 - 100 });
  });

  it('a message to the erased member alone loses its text, in the list and in the trail; one to all keeps it', async () => {
    const ida = await customer();
    const send = (text: string, audience: object) =>
      app.inject({
        method: 'POST',
        url: '/api/tenants/messages',
        headers: bearer(biz.admin),
        payload: { text, audience },
      });
    const toHer = await send(`Hello ${ida.firstName}`, { memberId: ida.id });
    expect(toHer.statusCode).toBe(202);
    const toAll = await send(`Spring sale ${ida.lastName}`, { all: true });
    expect(toAll.statusCode).toBe(202);
    const trailText = async () => {
      const events = (
        await app.inject({ url: '/api/tenants/audit?size=100&action=message.send', headers: bearer(biz.owner) })
      ).json().content as { targetId: string; changes: { text?: { after: unknown } } }[];
      return new Map(events.map((e) => [e.targetId, e.changes.text?.after]));
    };
    const listText = async () => {
      const res = await app.inject({ url: '/api/tenants/messages', headers: bearer(biz.admin) });
      return new Map((res.json() as { id: string; text: string }[]).map((m) => [m.id, m.text]));
    };
    // Before: the trail reads it (sealed at rest with her key, so no column holds her name).
    expect((await trailText()).get(toHer.json().id)).toBe(`Hello ${ida.firstName}`);
    expect(await columnsHolding(app, ida.firstName)).not.toContain('public.audit_events.changes');

    expect((await api().remove(biz.admin, ida.id)).statusCode).toBe(204);
    expect((await listText()).get(toHer.json().id)).toBe('[erased]');
    expect((await trailText()).get(toHer.json().id)).toBe('[erased]');
    // A message to everyone is not about her: it stays as written.
    expect((await listText()).get(toAll.json().id)).toBe(`Spring sale ${ida.lastName}`);
    expect(await columnsHolding(app, ida.firstName)).toEqual([]);
  });

  it('reward redemptions stay without the erased member: stock and counts right, still fulfilled or cancelled', async () => {
    const rewards = rewardsApi(app);
    const ivy = await customer();
    const one = await addReward(app, biz.admin, { name: 'Last mug', pointsCost: 100, stock: 1 });
    const two = await addReward(app, biz.admin, { name: 'Tote', pointsCost: 100, stock: 5 });
    const mug = await rewards.redeem(biz.staff, ivy.id, one);
    expect(mug.statusCode).toBe(201);
    const tote = await rewards.redeem(biz.staff, ivy.id, two);
    expect(tote.statusCode).toBe(201);

    expect((await api().remove(biz.admin, ivy.id)).statusCode).toBe(204);
    const kept = await app.database.db
      .select({ id: rewardRedemptions.id, memberId: rewardRedemptions.memberId, state: rewardRedemptions.state })
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.tenantId, biz.tenantId));
    const ids = [mug.json().redemption.id, tote.json().redemption.id];
    expect(kept.filter((r) => ids.includes(r.id))).toEqual(
      expect.arrayContaining(ids.map((id) => ({ id, memberId: null, state: 'ISSUED' }))),
    );
    const reward = async (id: string) =>
      (await rewards.get(biz.admin, id)).json() as { stock: number; redeemed: number };
    expect(await reward(one)).toMatchObject({ stock: 0, redeemed: 1 });
    // Handed over after all, or cancelled: the stock gets its one back, no points go to anyone.
    const fulfilled = await rewards.fulfil(biz.staff, ids[0] as string);
    expect(fulfilled.statusCode).toBe(200);
    expect(fulfilled.json()).toMatchObject({ state: 'FULFILLED', memberId: null });
    const cancelled = await rewards.cancel(biz.admin, ids[1] as string);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().redemption).toMatchObject({ state: 'CANCELLED', memberId: null });
    expect(await reward(two)).toMatchObject({ stock: 5, redeemed: 0 });
  });

  it('the phone sign-in account goes with the last card for that phone, and stays while another business holds one', async () => {
    const account = (phone: string) =>
      app.firebase.auth.getUserByPhoneNumber(phone).then(
        (user) => user.uid,
        (error: { code?: string }) => {
          if (error.code === 'auth/user-not-found') return null;
          throw error;
        },
      );
    const solo = await customer();
    expect(await account(solo.phone)).not.toBeNull();
    expect((await asCustomer(await signInWithPhone(solo.phone), 'DELETE')).statusCode).toBe(204);
    expect(await account(solo.phone)).toBeNull();

    const both = await customer();
    const elsewhere = await business(app);
    const card = await api().create(elsewhere.admin, { firstName: 'Other', lastName: 'Card', phone: both.phone });
    expect(card.statusCode).toBe(201);
    expect((await api().remove(biz.admin, both.id)).statusCode).toBe(204);
    const uid = await account(both.phone);
    expect(uid).not.toBeNull();
    // The other business erases its card too: now nobody holds one, and the account goes.
    expect((await api().remove(elsewhere.admin, card.json().userId)).statusCode).toBe(204);
    expect(await account(both.phone)).toBeNull();
  });

  it('the same two actions for an admin, for a customer who asks at the counter; staff may do neither', async () => {
    const lee = await customer();
    const asked = await app.inject({ url: `/api/tenants/member/${lee.id}/export`, headers: bearer(biz.admin) });
    expect(asked.statusCode).toBe(200);
    expect((asked.json() as MemberDataExport).member.phone).toBe(lee.phone);
    expect(
      (await app.inject({ url: `/api/tenants/member/${lee.id}/export`, headers: bearer(biz.staff) })).statusCode,
    ).toBe(403);
    expect((await api().remove(biz.staff, lee.id)).statusCode).toBe(403);
    const other = await business(app);
    expect(
      (await app.inject({ url: `/api/tenants/member/${lee.id}/export`, headers: bearer(other.admin) })).statusCode,
    ).toBe(404);
    expect((await api().remove(other.admin, lee.id)).statusCode).toBe(404);

    expect((await api().remove(biz.admin, lee.id)).statusCode).toBe(204);
    expect(await columnsHolding(app, lee.firstName)).toEqual([]);
    const ledger = await app.database.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, lee.id));
    expect(ledger).toHaveLength(4);
    expect(
      (await app.inject({ url: `/api/tenants/member/${lee.id}/export`, headers: bearer(biz.admin) })).statusCode,
    ).toBe(404);
  });

  // Last: from here on the business runs a stamp card, and each purchase above would have added a stamp.
  it('the export carries the stamp card: its entries and count; erasure keeps the entries without their notes', async () => {
    const stamps = stampsApi(app);
    const rewardId = await addReward(app, biz.owner);
    expect((await stamps.save(biz.admin, { stampsPerCard: 4, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    const ivy = await customer();
    expect((await stamps.add(biz.staff, ivy.id, { count: 3 })).statusCode).toBe(201);
    const note = `Stamped twice for ${ivy.firstName}`;
    expect((await stamps.add(biz.admin, ivy.id, { count: -1, note })).statusCode).toBe(201);

    // Two purchases (a stamp each, the second filling the card), 3 stamps, 1 taken away: 4 stamps, one card.
    const data = (await asCustomer(ivy.token, 'GET', '/export')).json() as MemberDataExport;
    expect(data.member).toMatchObject({ id: ivy.id, stamps: 0, cardsCompleted: 1 });
    expect(data.stampEntries.map((e) => [e.type, e.stamps, e.completed])).toEqual([
      ['ADJUST', -1, 0],
      ['ADD', 3, 1],
      ['PURCHASE', 1, 0],
      ['PURCHASE', 1, 0],
    ]);
    expect(data.stampEntries[0]?.note).toBe(note);
    const asked = await app.inject({ url: `/api/tenants/member/${ivy.id}/export`, headers: bearer(biz.admin) });
    expect((asked.json() as MemberDataExport).stampEntries).toHaveLength(4);
    // The trail reads the note (sealed with the member's key) until the erasure takes the key.
    const trail = async () =>
      (await app.inject({ url: '/api/tenants/audit?size=100', headers: bearer(biz.owner) })).body;
    expect(await trail()).toContain(note);

    expect((await api().remove(biz.admin, ivy.id)).statusCode).toBe(204);
    const kept = await app.database.db.select().from(stampLedger).where(eq(stampLedger.memberId, ivy.id));
    expect(kept).toHaveLength(4);
    expect(kept.every((e) => e.note === null)).toBe(true);
    expect(await columnsHolding(app, ivy.firstName)).toEqual([]);
    expect(await trail()).not.toContain(ivy.firstName);
  });
});
