import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import {
  addPromotion,
  clearPromotions,
  otherDay,
  promotionsApi,
  setTimeZone,
  wallClock,
} from '../../../test/support/promotions';
import { pointsConversionSettings, promotionAwards } from '../../db/schema';
import { webhookEventsOf } from '../webhooks/events';
import { livePromotions, ruleOf } from './repository';
import { promotionAwards as awardsOf, type PurchaseMoment } from './rules';

const HK = 'Asia/Hong_Kong';
const shift = (time: string, minutes: number) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** A purchase earns by docs/design.md §10: base points, the highest multiplier, every bonus; $1 → 10 points. */
describe('promotions on a purchase', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  const api = () => membersApi(app);
  const promos = () => promotionsApi(app);
  const buy = async (memberId: string, amount: number, token = biz.staff) => {
    const res = await api().record(token, memberId, { type: 'PURCHASE', amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const today = () => wallClock(new Date(), HK);

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    await setTimeZone(app, biz.tenantId, HK);
  });
  beforeEach(async () => {
    await clearPromotions(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
  });
  afterAll(() => app?.close());

  it("a promotion of today's weekday doubles a purchase, recorded per promotion on the entry", async () => {
    const id = await addPromotion(app, biz.admin, { days: [today().day] });
    const memberId = await addMember(app, biz.owner);
    const preview = await promos().preview(biz.staff, memberId, { amount: 12.34 });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      basePoints: 123,
      points: 246,
      promotions: [{ id, points: 123, name: 'Double points', nameZh: '雙倍積分', nameCn: '双倍积分' }],
      overCap: false,
    });
    const done = await buy(memberId, 12.34);
    expect(done.entry).toMatchObject({
      type: 'PURCHASE',
      points: 246,
      basePoints: 123,
      promotions: [{ id, points: 123, name: 'Double points' }],
    });
    expect(done.pointsBalance).toBe(246);
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({
      balance: 246,
      ledgerSum: 246,
      lotsRemaining: 246,
    });
    const awards = await app.database.db
      .select({ promotionId: promotionAwards.promotionId, points: promotionAwards.points })
      .from(promotionAwards)
      .where(eq(promotionAwards.entryId, done.entry.id));
    expect(awards).toEqual([{ promotionId: id, points: 123 }]);
    // The list counts it.
    expect((await promos().get(biz.staff, id)).json()).toMatchObject({ timesApplied: 1, pointsGiven: 123 });
  });

  it('two multipliers never stack: the highest applies', async () => {
    await addPromotion(app, biz.admin, { factor: 2 });
    const triple = await addPromotion(app, biz.admin, { name: 'Triple', factor: 3 });
    await addPromotion(app, biz.admin, { name: 'One and a half', factor: 1.5 });
    const memberId = await addMember(app, biz.owner);
    const done = await buy(memberId, 10.01); // base 100
    expect(done.entry.points).toBe(300);
    expect(done.entry.promotions).toEqual([expect.objectContaining({ id: triple, points: 200 })]);
  });

  it('a bonus adds on top of the multiplier; a bonus over a higher minimum does not', async () => {
    const double = await addPromotion(app, biz.admin, { factor: 2 });
    const bonus = await addPromotion(app, biz.admin, {
      name: '50 over $10',
      kind: 'BONUS',
      bonusPoints: 50,
      minAmount: 10,
    });
    await addPromotion(app, biz.admin, { name: '500 over $200', kind: 'BONUS', bonusPoints: 500, minAmount: 200 });
    const memberId = await addMember(app, biz.owner);
    const done = await buy(memberId, 15); // base 150, ×2 → 300, +50
    expect(done.entry.points).toBe(350);
    expect(done.entry.basePoints).toBe(150);
    expect(done.entry.promotions.map((p: { id: string; points: number }) => [p.id, p.points])).toEqual([
      [double, 150],
      [bonus, 50],
    ]);
    // Below the bonus's minimum: only the multiplier.
    expect((await buy(memberId, 9.99)).entry.points).toBe(198);
  });

  it('a promotion for another day, hour, tier or branch does not apply', async () => {
    const now = today();
    await addPromotion(app, biz.admin, { name: 'Other day', factor: 5, days: [otherDay(now.day)] });
    await addPromotion(app, biz.admin, {
      name: 'Other hours',
      factor: 6,
      fromTime: shift(now.time, 120),
      toTime: shift(now.time, 180),
    });
    await addPromotion(app, biz.admin, { name: 'Gold only', factor: 7, tierIds: [tiers.gold] });
    const branchOnly = await addPromotion(app, biz.admin, { name: 'Central only', factor: 8, branchIds: ['central'] });
    const memberId = await addMember(app, biz.owner); // Basic
    const done = await buy(memberId, 10);
    expect(done.entry).toMatchObject({ points: 100 });
    expect(done.entry.promotions).toBeUndefined();
    // The hours that hold now, and the tier the member holds, do apply (the same promotions otherwise).
    const inHours = await addPromotion(app, biz.admin, {
      name: 'These hours',
      factor: 2,
      fromTime: shift(now.time, -60),
      toTime: shift(now.time, 60),
    });
    const basic = await addPromotion(app, biz.admin, { name: 'Basic', factor: 3, tierIds: [tiers.basic] });
    expect((await buy(memberId, 10)).entry.promotions.map((p: { id: string }) => p.id)).toEqual([basic]);
    await promos().remove(biz.admin, basic);
    expect((await buy(memberId, 10)).entry.promotions.map((p: { id: string }) => p.id)).toEqual([inHours]);
    // A purchase at the branch it names earns it; at another branch, or at none, it does not.
    const at = (branchId?: string) =>
      promos()
        .preview(biz.staff, memberId, { amount: 10, ...(branchId ? { branchId } : {}) })
        .then((r) => r.json().promotions.map((p: { id: string }) => p.id));
    expect(await at('central')).toEqual([branchOnly]);
    expect(await at('harbour')).toEqual([inHours]);
    expect(await at()).toEqual([inHours]);
  });

  it('none applies while points are inactive', async () => {
    await addPromotion(app, biz.admin, { kind: 'BONUS', bonusPoints: 50, factor: null });
    await app.database.db
      .update(pointsConversionSettings)
      .set({ isActive: false })
      .where(eq(pointsConversionSettings.tenantId, biz.tenantId));
    const memberId = await addMember(app, biz.owner);
    expect((await buy(memberId, 10)).entry.points).toBe(0);
  });

  it('the cap bounds the base only: a purchase allowed without the promotion is never refused with it', async () => {
    await insertSettings(app, biz.tenantId, { maxPointsPerPurchase: 1000 });
    await addPromotion(app, biz.admin, { factor: 3 });
    await addPromotion(app, biz.admin, { name: 'Bonus', kind: 'BONUS', bonusPoints: 100 });
    const memberId = await addMember(app, biz.owner);
    const done = await buy(memberId, 100); // base 1,000 (the cap), ×3 + 100
    expect(done.entry).toMatchObject({ points: 3100, basePoints: 1000 });
    const refused = await api().record(biz.staff, memberId, { type: 'PURCHASE', amount: 100.1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('POINTS_CAP');
    expect((await promos().preview(biz.staff, memberId, { amount: 100.1 })).json()).toMatchObject({
      basePoints: 1001,
      overCap: true,
    });
  });

  it('a refund after a promotion takes back exactly the points given, bonus included', async () => {
    await addPromotion(app, biz.admin, { factor: 2 });
    await addPromotion(app, biz.admin, { name: 'Bonus', kind: 'BONUS', bonusPoints: 7 });
    const memberId = await addMember(app, biz.owner);
    const done = await buy(memberId, 33.33); // base 333, ×2 → 666, +7 → 673
    expect(done.entry.points).toBe(673);
    const refund = (amount: number) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${memberId}/transactions/${done.entry.id}/refund`,
        headers: { authorization: `Bearer ${biz.staff}` },
        payload: { amount },
      });
    const first = await refund(10);
    expect(first.statusCode).toBe(201);
    expect(first.json().entry.points).toBe(-Math.floor((673 * 1000) / 3333));
    const rest = await refund(23.33);
    expect(rest.statusCode).toBe(201);
    expect(first.json().entry.points + rest.json().entry.points).toBe(-673);
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({ balance: 0, ledgerSum: 0, lotsRemaining: 0 });
  });

  it('a limit per member stops the promotion after that many purchases; a reversed one gives the use back', async () => {
    await addPromotion(app, biz.admin, { kind: 'BONUS', bonusPoints: 20, perMemberLimit: 1 });
    const memberId = await addMember(app, biz.owner);
    const first = await buy(memberId, 1);
    expect(first.entry.points).toBe(30);
    expect((await buy(memberId, 1)).entry.points).toBe(10);
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${first.entry.id}/reversal`,
      headers: { authorization: `Bearer ${biz.staff}` },
    });
    expect(reversed.statusCode).toBe(201);
    expect((await buy(memberId, 1)).entry.points).toBe(30);
  });

  it('points.earned carries the base points and what each promotion gave', async () => {
    const id = await addPromotion(app, biz.admin, { factor: 2 });
    const memberId = await addMember(app, biz.owner);
    const done = await buy(memberId, 5);
    const [earned] = webhookEventsOf([
      {
        type: 'entry.recorded',
        memberId,
        entry: { ...done.entry, amount: '5.00', reversesId: null, basePoints: 50, promotions: [{ id, points: 50 }] },
        expired: 0,
        balanceBeforeEntry: 0,
        before: { balance: 0, lifetimeSpend: 0, tierId: null },
        after: { balance: 100, lifetimeSpend: 5, tierId: null },
        expiresAt: null,
        recordedBy: null,
      },
    ]);
    expect(earned).toEqual({
      type: 'points.earned',
      data: {
        memberId,
        entryId: done.entry.id,
        points: 100,
        amount: '5.00',
        pointsBalance: 100,
        basePoints: 50,
        promotions: [{ id, points: 50 }],
        // The branch it was recorded at (docs/design.md §10): none named here.
        branchId: null,
      },
    });
  });

  it('a promotion ending at 23:59 in Hong Kong applies at 23:58 HKT and not at 00:01, when UTC is still the day before', async () => {
    // Tuesday 1 December 2026: 23:58 HKT is 15:58 UTC on Tuesday; 00:01 HKT on Wednesday is 16:01 UTC on Tuesday.
    await addPromotion(app, biz.admin, { name: 'Tuesday evening', days: ['TUE'], fromTime: '18:00', toTime: '23:59' });
    await addPromotion(app, biz.admin, {
      name: 'Until Tuesday 23:59',
      kind: 'BONUS',
      factor: null,
      bonusPoints: 5,
      validTo: '2026-12-01T23:59:00+08:00',
    });
    const member = { amountCents: 1000n, tierId: null, branchId: null };
    const at = async (iso: string) => {
      // The business's wall clock at that instant, read by the database (as every purchase reads it).
      const live = await livePromotions(app.database.db, biz.tenantId, new Date(iso));
      const first = live[0];
      if (!first) return [];
      const moment: PurchaseMoment = { ...member, dow: first.dow, minute: first.minute, atMs: first.atMs };
      return awardsOf(100, live.map(ruleOf), moment).map((a) => live.find((p) => p.id === a.id)?.name);
    };
    expect(await at('2026-12-01T15:58:00Z')).toEqual(['Tuesday evening', 'Until Tuesday 23:59']);
    expect(await at('2026-12-01T16:01:00Z')).toEqual([]);
    // The database reads Hong Kong's wall clock, not UTC's: 16:01 UTC on Monday is Tuesday 00:01 there.
    const [row] = await livePromotions(app.database.db, biz.tenantId, new Date('2026-11-30T16:01:00Z'));
    expect(row ? [row.dow, row.minute] : null).toEqual([2, 1]);
  });
});
