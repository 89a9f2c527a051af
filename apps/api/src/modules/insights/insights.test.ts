import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine } from '../../../test/helpers';
import { addBranch } from '../../../test/support/branches';
import { addMember, business, expireAllLots, insertSettings, membersApi } from '../../../test/support/members';
import { addReward, rewardsApi } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { erasedMembers, members, pointsLedger, rewardRedemptions, stampLedger } from '../../db/schema';
import { rebuildRollup } from './rollup';

type Bucket = Record<string, number | string>;

/**
 * Insights (docs/design.md §10): the figures per period come from the daily roll-up the triggers write in each
 * entry's transaction, and from its rebuild when the time zone changes. $1 → 10 points, 100 points → $1.
 */
describe(`insights: timeseries and liability, on ${engine}`, () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // The time zone's rebuild is a queued job: the queue runs here, in a schema of its own.
    app = await buildTestApp({
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.jobs.start();
  });
  afterAll(() => app.close());

  const get = (token: string, url: string) => app.inject({ url, headers: bearer(token) });
  const series = async (token: string, query: string) => {
    const res = await get(token, `/api/tenants/reports/timeseries?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { interval: string; timeZone: string; buckets: Bucket[] };
  };
  const setZone = async (token: string, timeZone: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(token),
      payload: { country: 'HK', timeZone, language: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The zero figures of a period, with `figures` over them. */
  const bucket = (start: string, end: string, figures: Bucket = {}): Bucket => ({
    start,
    end,
    newMembers: 0,
    activeMembers: 0,
    returningMembers: 0,
    purchases: 0,
    amount: 0,
    pointsIssued: 0,
    pointsRedeemed: 0,
    pointsExpired: 0,
    pointsTakenBack: 0,
    rewardsRedeemed: 0,
    stampsAdded: 0,
    cardsCompleted: 0,
    ...figures,
  });
  /** Waits for the queued rebuild: the series until it equals `expected` (or the last one seen). */
  const eventually = async (token: string, query: string, expected: Bucket[]) => {
    let last: Bucket[] = [];
    for (let i = 0; i < 60; i++) {
      last = (await series(token, query)).buckets;
      if (JSON.stringify(last) === JSON.stringify(expected)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    return last;
  };

  /**
   * A Hong Kong business's joins, purchases, a reversal, a redemption, a refund, an expiry and a reward, recorded
   * through the API; answers what a test needs to move them in time.
   */
  async function aBusinessDay() {
    const b = await business(app);
    await setZone(b.owner, 'Asia/Hong_Kong');
    await insertSettings(app, b.tenantId);
    const api = membersApi(app);
    const a = await addMember(app, b.owner, { firstName: 'Ada', phone: undefined });
    const bo = await addMember(app, b.owner, { firstName: 'Bo' });
    const c = await addMember(app, b.owner, { firstName: 'Cy' });
    const entry = async (token: string, member: string, body: object) => {
      const res = await api.record(token, member, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().entry.id as string;
    };
    const a100 = await entry(b.staff, a, { type: 'PURCHASE', amount: 100 });
    const b50 = await entry(b.staff, bo, { type: 'PURCHASE', amount: 50 });
    const b20 = await entry(b.staff, bo, { type: 'PURCHASE', amount: 20 });
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${bo}/transactions/${b20}/reversal`,
      headers: bearer(b.staff),
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    const aRedeem = await entry(b.staff, a, { type: 'REDEEM', points: 200 });
    const refund = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${a}/transactions/${a100}/refund`,
      headers: bearer(b.staff),
      payload: { amount: 40 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const c10 = await entry(b.staff, c, { type: 'PURCHASE', amount: 10 });
    await expireAllLots(app, c);
    const c5 = await entry(b.staff, c, { type: 'PURCHASE', amount: 5 });
    const rewardId = await addReward(app, b.owner, { pointsCost: 100 });
    const redeemed = await rewardsApi(app).redeem(b.staff, a, rewardId, randomUUID());
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    return {
      b,
      members: { a, bo, c },
      entries: {
        a100,
        b50,
        b20,
        b20Reversal: reversed.json().entry.id as string,
        aRedeem,
        aRefund: refund.json().entry.id as string,
        c10,
        c5,
      },
      redemptionId: redeemed.json().redemption.id as string,
    };
  }

  const today = async (tenantId: string) => {
    const rows = await app.database.db.execute(
      sql`select (now() at time zone (select time_zone from tenants where id = ${tenantId}))::date::text as d`,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { d: string }[];
    return list[0]?.d as string;
  };

  it('counts each write in its transaction, then in the right days across a time-zone boundary, exactly', async () => {
    const { b, members: m, entries: e, redemptionId } = await aBusinessDay();
    const day = await today(b.tenantId);
    // Everything happened today, in Hong Kong: the roll-up written with each entry says so at once.
    expect((await series(b.staff, `from=${day}&to=${day}`)).buckets).toEqual([
      bucket(day, day, {
        newMembers: 3,
        activeMembers: 3,
        purchases: 5,
        amount: 185,
        pointsIssued: 1850,
        pointsRedeemed: 300,
        pointsExpired: 100,
        pointsTakenBack: 600,
        rewardsRedeemed: 1,
      }),
    ]);

    // The active members per day, week and month kept with each write are what a rebuild from the rows counts.
    const activeCounts = async () => {
      const rows = await app.database.db.execute(
        sql`select scope, kind, period::text as period, sum(active)::int as active, sum("returning")::int as r
          from insights_active where tenant_id = ${b.tenantId} group by 1, 2, 3 having sum(active) <> 0 order by 1, 2, 3`,
      );
      return Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
    };
    const counted = await activeCounts();
    expect(counted).toHaveLength(3);
    expect(counted).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'd', active: 3, r: 0 })]));
    await app.database.db.transaction((tx) => rebuildRollup(tx, b.tenantId));
    expect(await activeCounts()).toEqual(counted);

    // The same writes spread over three days around Hong Kong's midnight (16:00 UTC), then the zone changed to
    // UTC and back: each change's queued rebuild recomputes the days from the rows.
    const { db } = app.database;
    const at = async (ids: string[], instant: string) =>
      db
        .update(pointsLedger)
        .set({ createdAt: new Date(instant) })
        .where(inArray(pointsLedger.id, ids));
    await db
      .update(members)
      .set({ createdAt: new Date('2026-03-09T01:00:00Z') })
      .where(eq(members.id, m.a));
    await db
      .update(members)
      .set({ createdAt: new Date('2026-03-09T15:59:59Z') })
      .where(eq(members.id, m.bo));
    await db
      .update(members)
      .set({ createdAt: new Date('2026-03-09T16:00:00Z') })
      .where(eq(members.id, m.c));
    await at([e.a100], '2026-03-09T02:00:00Z');
    await at([e.b50], '2026-03-09T16:30:00Z');
    await at([e.b20, e.b20Reversal], '2026-03-10T03:00:00Z');
    await at([e.aRedeem], '2026-03-10T04:00:00Z');
    await at([e.c10], '2026-03-10T05:00:00Z');
    await at([e.aRefund], '2026-03-11T02:00:00Z');
    const [expiry] = await db
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(sql`${pointsLedger.memberId} = ${m.c} and ${pointsLedger.type} = 'EXPIRE'`);
    await at([expiry?.id as string, e.c5], '2026-03-11T05:00:00Z');
    const [redemption] = await db
      .update(rewardRedemptions)
      .set({ createdAt: new Date('2026-03-11T15:30:00Z') })
      .where(eq(rewardRedemptions.id, redemptionId))
      .returning({ ledgerId: rewardRedemptions.ledgerId });
    await at([redemption?.ledgerId as string], '2026-03-11T15:30:00Z');

    const query = 'from=2026-03-08&to=2026-03-11';
    await setZone(b.owner, 'UTC');
    const utc = [
      bucket('2026-03-08', '2026-03-08'),
      // A, B and C joined on the 9th in UTC; A's $100 and B's $50.
      bucket('2026-03-09', '2026-03-09', {
        newMembers: 3,
        activeMembers: 2,
        purchases: 2,
        amount: 150,
        pointsIssued: 1500,
      }),
      // B's $20 was reversed: not a visit, its points taken back; A redeemed, C bought. A came back.
      bucket('2026-03-10', '2026-03-10', {
        activeMembers: 2,
        returningMembers: 1,
        purchases: 2,
        amount: 30,
        pointsIssued: 300,
        pointsRedeemed: 200,
        pointsTakenBack: 200,
      }),
      // A's refund (400 points back, not a visit), C's expiry and $5, A's reward (100 points).
      bucket('2026-03-11', '2026-03-11', {
        activeMembers: 2,
        returningMembers: 2,
        purchases: 1,
        amount: 5,
        pointsIssued: 50,
        pointsRedeemed: 100,
        pointsExpired: 100,
        pointsTakenBack: 400,
        rewardsRedeemed: 1,
      }),
    ];
    expect(await eventually(b.staff, query, utc)).toEqual(utc);

    await setZone(b.owner, 'Asia/Hong_Kong');
    const hongKong = [
      bucket('2026-03-08', '2026-03-08'),
      bucket('2026-03-09', '2026-03-09', {
        newMembers: 2,
        activeMembers: 1,
        purchases: 1,
        amount: 100,
        pointsIssued: 1000,
      }),
      // C joined and B's $50 came at or after midnight in Hong Kong: the 10th.
      bucket('2026-03-10', '2026-03-10', {
        newMembers: 1,
        activeMembers: 3,
        returningMembers: 1,
        purchases: 3,
        amount: 80,
        pointsIssued: 800,
        pointsRedeemed: 200,
        pointsTakenBack: 200,
      }),
      bucket('2026-03-11', '2026-03-11', {
        activeMembers: 2,
        returningMembers: 2,
        purchases: 1,
        amount: 5,
        pointsIssued: 50,
        pointsRedeemed: 100,
        pointsExpired: 100,
        pointsTakenBack: 400,
        rewardsRedeemed: 1,
      }),
    ];
    const answer = await series(b.admin, query);
    expect(answer.timeZone).toBe('Asia/Hong_Kong');
    expect(await eventually(b.staff, query, hongKong)).toEqual(hongKong);

    // Weeks start on Monday (9 March 2026): the first week is cut to the range's Sunday; a month holds it all.
    const weekly = await series(b.owner, `${query}&interval=week`);
    expect(weekly.buckets.map((x) => [x.start, x.end, x.newMembers, x.activeMembers, x.purchases])).toEqual([
      ['2026-03-08', '2026-03-08', 0, 0, 0],
      ['2026-03-09', '2026-03-11', 3, 3, 5],
    ]);
    const monthly = await series(b.owner, `${query}&interval=month`);
    expect(monthly.buckets).toHaveLength(1);
    expect(monthly.buckets[0]).toMatchObject({ start: '2026-03-08', end: '2026-03-11', pointsIssued: 1850 });
    // The week after: A, B and C were active the week before, none since.
    const after = await series(b.owner, 'from=2026-03-16&to=2026-03-22&interval=week');
    expect(after.buckets).toEqual([bucket('2026-03-16', '2026-03-22')]);
    const dayAfter = await series(b.owner, 'from=2026-03-11&to=2026-03-11');
    expect(dayAfter.buckets[0]).toMatchObject({ activeMembers: 2, returningMembers: 2 });

    // The CSV says the same, a row per day; every role reads it.
    const csv = await get(b.staff, `/api/tenants/reports/timeseries.csv?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Start,End,New members,Active members,Returning members,Purchases,Amount,Points issued,Points redeemed,Points expired,Points taken back,Rewards redeemed,Stamps added,Cards completed',
    );
    expect(lines[3]).toBe('2026-03-10,2026-03-10,1,3,1,3,80,800,200,0,200,0,0,0');

    // Erasing A keeps its join, its entries and its reward redemption (without the person) in the figures.
    const before = await series(b.owner, query);
    const erase = await app.inject({ method: 'DELETE', url: `/api/tenants/member/${m.a}`, headers: bearer(b.admin) });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    const [kept] = await db.select().from(erasedMembers).where(eq(erasedMembers.memberId, m.a));
    expect(kept?.joinedAt?.toISOString()).toBe('2026-03-09T01:00:00.000Z');
    const [kept2] = await db.select().from(rewardRedemptions).where(eq(rewardRedemptions.id, redemptionId));
    expect(kept2).toMatchObject({ memberId: null, state: 'ISSUED' });
    await db.transaction((tx) => rebuildRollup(tx, b.tenantId));
    expect(await series(b.owner, query)).toEqual(before);
    const owed = (await get(b.staff, '/api/tenants/reports/liability')).json();
    // A kept 1000 − 200 − 400 − 100 = 300 points when erased.
    expect(owed.erased).toEqual({ points: 300 });
  }, 120_000);

  it('stamps: added and cards completed per day and branch, a stamp is a visit, a rebuild counts the same', async () => {
    const b = await business(app);
    await setZone(b.owner, 'Asia/Hong_Kong');
    await insertSettings(app, b.tenantId);
    const stamps = stampsApi(app);
    const rewardId = await addReward(app, b.owner);
    expect((await stamps.save(b.owner, { stampsPerCard: 3, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    const central = await addBranch(app, b.owner, { name: 'Central' });
    const [s, p, r, t] = (await Promise.all(
      ['Sam', 'Pat', 'Rex', 'Tam'].map((n) => addMember(app, b.owner, { firstName: n })),
    )) as [string, string, string, string];
    const add = async (member: string, payload: object, token = b.owner) => {
      const res = await stamps.add(token, member, payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().entryId as string;
    };
    const reverse = async (member: string, entryId: string) => {
      const res = await stamps.reverse(b.staff, member, entryId);
      expect(res.statusCode, res.body).toBe(201);
    };
    // Sam only collects stamps, at Central: 2, then 2 that fill the 3-stamp card (1 carried over), then 1 reversed.
    const s1 = await add(s, { count: 2, branchId: central });
    const s2 = await add(s, { count: 2, branchId: central });
    await reverse(s, await add(s, { count: 1, branchId: central }));
    // Pat buys (a stamp with the purchase, at no branch), and a second purchase reversed takes its stamp back.
    const api = membersApi(app);
    const bought = await api.record(b.owner, p, { type: 'PURCHASE', amount: 10 });
    expect(bought.json().stamps).toBe(1);
    const again = await api.record(b.owner, p, { type: 'PURCHASE', amount: 10 });
    const undone = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${p}/transactions/${again.json().entry.id}/reversal`,
      headers: bearer(b.owner),
    });
    expect(undone.statusCode, undone.body).toBe(201);
    // Rex fills a card and the stamps are reversed: no stamps, no card, no visit, its reward cancelled.
    await reverse(r, await add(r, { count: 3 }));
    // Tam gets 2 stamps and an admin takes one away: an adjustment adds none and is no visit.
    const t1 = await add(t, { count: 2 });
    await add(t, { count: -1, note: 'Stamped twice by mistake' }, b.admin);

    const day = await today(b.tenantId);
    const query = `from=${day}&to=${day}`;
    const counted = await series(b.staff, query);
    expect(counted.buckets[0]).toMatchObject({
      newMembers: 4,
      activeMembers: 3,
      purchases: 2,
      stampsAdded: 7,
      cardsCompleted: 1,
      rewardsRedeemed: 1,
    });
    const atCentral = await series(b.staff, `${query}&branchId=${central}`);
    expect(atCentral.buckets[0]).toMatchObject({ activeMembers: 1, stampsAdded: 4, cardsCompleted: 1, purchases: 0 });

    // A rebuild from the rows gives back what the writes counted, to the figure.
    const stored = async () => {
      const rows = await app.database.db.execute(
        sql`select 'daily' as t, coalesce(branch_id, '') as b, day::text as p, sum(stamps_added)::int as x,
            sum(cards_completed)::int as y
          from insights_daily where tenant_id = ${b.tenantId} group by 1, 2, 3
          union all select 'active', scope, kind || period::text, sum(active)::int, sum("returning")::int
          from insights_active where tenant_id = ${b.tenantId} group by 1, 2, 3 having sum(active) <> 0
          union all select 'visits', member_id, day::text, sum(visits)::int, 0
          from insights_visits where tenant_id = ${b.tenantId} group by 1, 2, 3
          order by 1, 2, 3`,
      );
      return Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
    };
    const incremental = await stored();
    expect(
      incremental
        .filter((x) => (x as { t: string }).t === 'visits')
        .map((x) => (x as { b: string }).b)
        .sort(),
    ).toEqual([s, p, t].sort());
    await app.database.db.transaction((tx) => rebuildRollup(tx, b.tenantId));
    expect(await stored()).toEqual(incremental);
    expect(await series(b.staff, query)).toEqual(counted);

    // Sam's stamps moved to two days around Hong Kong's midnight: each day counts its own, Sam active on both.
    const { db } = app.database;
    await db
      .update(stampLedger)
      .set({ createdAt: new Date('2026-03-09T15:00:00Z') })
      .where(eq(stampLedger.id, s1));
    await db
      .update(stampLedger)
      .set({ createdAt: new Date('2026-03-09T16:30:00Z') })
      .where(eq(stampLedger.id, s2));
    await db
      .update(stampLedger)
      .set({ createdAt: new Date('2026-03-09T01:00:00Z') })
      .where(eq(stampLedger.id, t1));
    await db.transaction((tx) => rebuildRollup(tx, b.tenantId));
    expect((await series(b.staff, 'from=2026-03-09&to=2026-03-10')).buckets).toEqual([
      bucket('2026-03-09', '2026-03-09', { activeMembers: 2, stampsAdded: 4 }),
      bucket('2026-03-10', '2026-03-10', { activeMembers: 1, returningMembers: 1, stampsAdded: 2, cardsCompleted: 1 }),
    ]);

    // Erasing Sam keeps its stamps in the figures.
    const erase = await app.inject({ method: 'DELETE', url: `/api/tenants/member/${s}`, headers: bearer(b.admin) });
    expect(erase.statusCode, erase.body).toBeLessThan(300);
    await db.transaction((tx) => rebuildRollup(tx, b.tenantId));
    expect((await series(b.staff, 'from=2026-03-10&to=2026-03-10')).buckets[0]).toMatchObject({
      activeMembers: 1,
      stampsAdded: 2,
      cardsCompleted: 1,
    });
  }, 120_000);

  it('refuses more than 400 periods with TOO_MANY_BUCKETS at `to`, and a range backwards', async () => {
    const b = await business(app);
    const long = await get(b.staff, '/api/tenants/reports/timeseries?from=2025-01-01&to=2026-02-05');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'TOO_MANY_BUCKETS', errors: { to: expect.any(String) } });
    expect((await get(b.staff, '/api/tenants/reports/timeseries?from=2025-01-01&to=2026-02-04')).statusCode).toBe(200);
    const weeks = await series(b.staff, 'from=2025-01-01&to=2026-02-05&interval=week');
    expect(weeks.buckets).toHaveLength(58);
    const csv = await get(b.staff, '/api/tenants/reports/timeseries.csv?from=2025-01-01&to=2026-02-05');
    expect(csv.json()).toMatchObject({ error: 'TOO_MANY_BUCKETS' });
    const backwards = await get(b.staff, '/api/tenants/reports/timeseries?from=2026-02-05&to=2026-02-04');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toHaveProperty('to');
    expect((await get(b.staff, '/api/tenants/reports/timeseries?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect(
      (await app.inject({ url: '/api/tenants/reports/timeseries?from=2026-01-01&to=2026-01-02' })).statusCode,
    ).toBe(401);
  });

  it('liability: outstanding is the sum of balances, by tier and erased, with expiring lots, balances below zero and breakage', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, {
      expiryType: 'DAYS',
      pointsExpiryDays: 45,
      redeemRatePoints: 100,
      redeemRateAmount: '1.50',
    });
    const api = membersApi(app);
    const a = await addMember(app, b.owner, { firstName: 'Ada' });
    const c = await addMember(app, b.owner, { firstName: 'Cy' });
    const d = await addMember(app, b.owner, { firstName: 'Di' });
    const bought = (await api.record(b.staff, a, { type: 'PURCHASE', amount: 100 })).json().entry.id as string;
    await api.record(b.staff, c, { type: 'PURCHASE', amount: 30 });
    await api.record(b.staff, d, { type: 'PURCHASE', amount: 12 });
    // A spends 900 of its 1000 points, then its purchase is refunded in full: 1000 taken back, A at −900.
    expect((await api.record(b.staff, a, { type: 'REDEEM', points: 900 })).statusCode).toBe(201);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${a}/transactions/${bought}/refund`,
      headers: bearer(b.staff),
      payload: { amount: 100 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    // D's 120 points lapse (not yet written off: the balance shown leaves them out already).
    await expireAllLots(app, d);
    const balances = await Promise.all([a, c, d].map(async (id) => (await api.get(b.staff, id)).json().pointsBalance));
    expect(balances).toEqual([-900, 300, 0]);

    const res = await get(b.staff, '/api/tenants/reports/liability');
    expect(res.statusCode, res.body).toBe(200);
    const owed = res.json();
    expect(owed).toMatchObject({
      outstandingPoints: -600,
      outstandingValue: -9,
      // C's 300 points lapse in 45 days.
      expiring: { days30: 0, days60: 300, days90: 300 },
      negative: { members: 1, points: -900 },
      // Nothing expired in the ledger yet: 900 redeemed.
      breakage12m: 0,
      erased: { points: 0 },
    });
    expect(owed.byTier).toEqual([
      { tierId: null, name: 'No tier', nameZh: null, nameCn: null, members: 3, points: -600 },
    ]);

    // C is erased: its 300 points stay owed, as erased points; the rows still add up.
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/tenants/member/${c}`, headers: bearer(b.admin) })).statusCode,
    ).toBeLessThan(300);
    const after = (await get(b.owner, '/api/tenants/reports/liability')).json();
    expect(after).toMatchObject({ outstandingPoints: -600, erased: { points: 300 }, expiring: { days60: 300 } });
    expect(after.byTier).toEqual([
      { tierId: null, name: 'No tier', nameZh: null, nameCn: null, members: 2, points: -900 },
    ]);

    // D's lapsed points written off (its next write): breakage is expired ÷ (redeemed + expired).
    expect((await api.record(b.staff, d, { type: 'PURCHASE', amount: 1 })).statusCode).toBe(201);
    const later = (await get(b.staff, '/api/tenants/reports/liability')).json();
    expect(later.breakage12m).toBe(Math.round((120 / 1020) * 10_000) / 10_000);
    expect(later.outstandingPoints).toBe(-590);

    const csv = await get(b.staff, '/api/tenants/reports/liability.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Outstanding points,,,-590');
  });
});
