import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { addBranch } from '../../../test/support/branches';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addPromotion, promotionBody, promotionsApi, setTimeZone, wallClock } from '../../../test/support/promotions';
import { members, pointsLedger } from '../../db/schema';

const HK = 'Asia/Hong_Kong';
const MINUTE = 60_000;

/**
 * The simulator (docs/design.md §10) against a brute-force recount of the same purchases: each read back from the
 * database and judged by hand here, its wall clock in Hong Kong read by Intl (not by the simulator's SQL).
 */
describe('the promotion simulator', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  const memberIds: string[] = [];
  // Monday 23 November 2026, 00:00 in Hong Kong.
  const start = Date.parse('2026-11-22T16:00:00Z');
  const window = { from: '2026-11-20T00:00:00Z', to: '2026-12-05T00:00:00Z' };

  /** Records a purchase now, then dates it `at` (the controlled clock of these tests). */
  const purchaseAt = async (memberId: string, amount: number, at: number) => {
    const res = await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().entry.id as string;
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: new Date(at) })
      .where(eq(pointsLedger.id, id));
    return id;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    await setTimeZone(app, biz.tenantId, HK);
    await insertSettings(app, biz.tenantId);
    for (let m = 0; m < 4; m++) memberIds.push(await addMember(app, biz.owner));
    // Active already, and recorded on the purchases made while it runs: double points on Tuesdays.
    await addPromotion(app, biz.admin, { name: 'Double Tuesday', days: ['TUE'] });
    for (let i = 0; i < 26; i++) {
      const amount = Math.round((10 + i * 13.37) * 100) / 100;
      await purchaseAt(memberIds[i % 4] as string, amount, start + i * (7 * 60 + 13) * MINUTE);
    }
    // The edges of a Tuesday in Hong Kong: 23:58 on Tuesday 24th, and 00:01 on Wednesday 25th (UTC still Tuesday).
    await purchaseAt(memberIds[0] as string, 80, Date.parse('2026-11-24T15:58:00Z'));
    await purchaseAt(memberIds[1] as string, 80, Date.parse('2026-11-24T16:01:00Z'));
    // A reversed purchase counts for nothing.
    const res = await membersApi(app).record(biz.staff, memberIds[2] as string, { type: 'PURCHASE', amount: 99 });
    const reversed = res.json().entry.id as string;
    const undo = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberIds[2]}/transactions/${reversed}/reversal`,
      headers: { authorization: `Bearer ${biz.staff}` },
    });
    expect(undo.statusCode).toBe(201);
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: new Date(Date.parse('2026-11-24T05:00:00Z')) })
      .where(eq(pointsLedger.id, reversed));
  });
  afterAll(() => app?.close());

  /** Every purchase of the window not reversed, as the database holds it, with its member's tier now. */
  const rawPurchases = async () => {
    const rows = await app.database.db
      .select({
        memberId: pointsLedger.memberId,
        amount: pointsLedger.amount,
        points: pointsLedger.points,
        createdAt: pointsLedger.createdAt,
        tierId: members.tierId,
        reversed: sql<boolean>`exists (select 1 from points_ledger r where r.reverses_id = ${pointsLedger.id})`,
      })
      .from(pointsLedger)
      .innerJoin(members, eq(members.id, pointsLedger.memberId))
      .where(and(eq(pointsLedger.tenantId, biz.tenantId), eq(pointsLedger.type, 'PURCHASE')));
    return rows
      .filter((r) => !r.reversed)
      .filter((r) => r.createdAt >= new Date(window.from) && r.createdAt < new Date(window.to))
      .map((r) => {
        const clock = wallClock(r.createdAt, HK);
        const cents = Math.round(Number(r.amount) * 100);
        // The base points by the earn rate ($1 → 10), whatever the promotions gave then.
        const base = Math.floor((cents * 10) / 100);
        return { ...r, ...clock, cents, base };
      });
  };

  it('a bonus: its figures equal a brute-force recount', async () => {
    const draft = promotionBody({
      name: '25 over $50 on Tuesday evenings, Basic and Silver',
      kind: 'BONUS',
      bonusPoints: 25,
      minAmount: 50,
      days: ['TUE'],
      fromTime: '18:00',
      toTime: '23:59',
      tierIds: [tiers.basic, tiers.silver],
    });
    const res = await promotionsApi(app).simulate(biz.admin, { promotion: draft, ...window });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rawPurchases();
    const hit = rows.filter(
      (r) =>
        r.cents >= 5000 &&
        r.day === 'TUE' &&
        r.time >= '18:00' &&
        r.time < '23:59' &&
        (r.tierId === tiers.basic || r.tierId === tiers.silver),
    );
    const basePoints = rows.reduce((sum, r) => sum + r.base, 0);
    expect(hit.length).toBeGreaterThan(0);
    // The 23:58 purchase is in, the 00:01 one (Wednesday in Hong Kong, Tuesday in UTC) is not.
    expect(hit.some((r) => r.time === '23:58')).toBe(true);
    expect(res.json()).toEqual({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-12-05T00:00:00.000Z',
      purchases: hit.length,
      members: new Set(hit.map((r) => r.memberId)).size,
      extraPoints: 25 * hit.length,
      // 100 points → $1
      extraValue: Math.floor((25 * hit.length * 100) / 100) / 100,
      share: Math.round(((25 * hit.length) / basePoints) * 10_000) / 10_000,
      totalPurchases: rows.length,
      basePoints,
    });
  });

  it('a multiplier on top of the active ones: only what it adds beyond the active multiplier counts', async () => {
    const draft = promotionBody({ name: '2.5× Tuesday and Wednesday', factor: 2.5, days: ['TUE', 'WED'] });
    const res = await promotionsApi(app).simulate(biz.admin, { promotion: draft, ...window });
    expect(res.statusCode).toBe(200);
    const rows = await rawPurchases();
    let extra = 0;
    const touched = rows.filter((r) => {
      const withDraft = r.day === 'TUE' || r.day === 'WED' ? Math.floor((r.base * 25) / 10) : r.base;
      const active = r.day === 'TUE' ? r.base * 2 : r.base;
      extra += withDraft - active;
      return withDraft > active;
    });
    expect(touched.length).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({
      purchases: touched.length,
      members: new Set(touched.map((r) => r.memberId)).size,
      extraPoints: extra,
      extraValue: Math.floor(extra) / 100,
    });
    // The active promotion replaced by the draft (an edit): measured against nothing else.
    const [active] = (await promotionsApi(app).list(biz.admin)).json() as { id: string }[];
    const edit = await promotionsApi(app).simulate(biz.admin, {
      promotion: draft,
      promotionId: active?.id,
      ...window,
    });
    const alone = rows.reduce(
      (sum, r) => sum + (r.day === 'TUE' || r.day === 'WED' ? Math.floor((r.base * 25) / 10) - r.base : 0),
      0,
    );
    expect(edit.json().extraPoints).toBe(alone);
  });

  it('a bonus limited per member and in time: the first uses of each member within its dates, replayed in order', async () => {
    const rows = (await rawPurchases()).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    // From the fourth purchase's very millisecond (in) to the twentieth's (out): the edges of validFrom ≤ t < validTo.
    const validFrom = rows[3]?.createdAt as Date;
    const validTo = rows[19]?.createdAt as Date;
    const draft = promotionBody({
      name: '7 bonus points, twice per member',
      kind: 'BONUS',
      factor: null,
      bonusPoints: 7,
      perMemberLimit: 2,
      validFrom: validFrom.toISOString(),
      validTo: validTo.toISOString(),
    });
    const res = await promotionsApi(app).simulate(biz.admin, { promotion: draft, ...window });
    expect(res.statusCode, res.body).toBe(200);
    const uses = new Map<string, number>();
    const hit = rows.filter((r) => {
      if (r.createdAt < validFrom || r.createdAt >= validTo) return false;
      const used = uses.get(r.memberId) ?? 0;
      uses.set(r.memberId, used + 1);
      return used < 2;
    });
    expect(hit[0]?.createdAt).toEqual(validFrom);
    expect(hit.length).toBeLessThan(16);
    expect(res.json()).toMatchObject({
      purchases: hit.length,
      members: new Set(hit.map((r) => r.memberId)).size,
      extraPoints: 7 * hit.length,
      totalPurchases: rows.length,
    });
  });

  it('the default window is the last 90 days; a window beyond 400 days is refused at its field', async () => {
    const old = await addMember(app, biz.owner);
    const now = Date.now();
    await purchaseAt(old, 10, now - 100 * 86_400_000);
    const recent = await purchaseAt(old, 10, now - 5 * 86_400_000);
    const draft = promotionBody({ kind: 'BONUS', bonusPoints: 1, factor: null });
    const res = await promotionsApi(app).simulate(biz.admin, { promotion: draft });
    expect(res.statusCode).toBe(200);
    const inWindow = await app.database.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.tenantId, biz.tenantId),
          eq(pointsLedger.type, 'PURCHASE'),
          sql`${pointsLedger.createdAt} >= now() - interval '90 days' and ${pointsLedger.createdAt} < now()`,
          sql`not exists (select 1 from points_ledger r where r.reverses_id = ${pointsLedger.id})`,
        ),
      );
    expect(res.json().totalPurchases).toBe(inWindow[0]?.n);
    expect(res.json().extraPoints).toBe(inWindow[0]?.n);
    expect(recent).toBeTruthy();
    const long = await promotionsApi(app).simulate(biz.admin, {
      promotion: draft,
      from: '2025-01-01T00:00:00Z',
      to: '2026-06-01T00:00:00Z',
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json().errors)).toEqual(['from']);
    const bad = await promotionsApi(app).simulate(biz.admin, { promotion: promotionBody({ factor: 11 }) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['promotion.factor']);
  });

  it('a promotion limited to a branch adds only to the purchases recorded there', async () => {
    const central = await addBranch(app, biz.admin);
    const mongKok = await addBranch(app, biz.admin, { name: 'Mong Kok', latitude: null, longitude: null });
    const firstFour = await app.database.db
      .select({ id: pointsLedger.id })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.tenantId, biz.tenantId),
          eq(pointsLedger.type, 'PURCHASE'),
          gte(pointsLedger.createdAt, new Date(window.from)),
        ),
      )
      .orderBy(pointsLedger.createdAt, pointsLedger.id)
      .limit(4);
    // Three at Central, one at Mong Kok; the rest at no branch.
    for (const [i, { id }] of firstFour.entries()) {
      await app.database.db
        .update(pointsLedger)
        .set({ branchId: i < 3 ? central : mongKok })
        .where(eq(pointsLedger.id, id));
    }
    const draft = promotionBody({ name: '10 at Central', kind: 'BONUS', bonusPoints: 10, branchIds: [central] });
    const res = await promotionsApi(app).simulate(biz.admin, { promotion: draft, ...window });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ purchases: 3, extraPoints: 30 });
    const nowhere = promotionBody({ name: 'At a shop nobody used', kind: 'BONUS', bonusPoints: 10, branchIds: ['x'] });
    const none = await promotionsApi(app).simulate(biz.admin, { promotion: nowhere, ...window });
    expect(none.json()).toMatchObject({ purchases: 0, extraPoints: 0 });
  });
});
