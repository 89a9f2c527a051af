import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import { pointsLedger, tenants } from '../../db/schema';

/** Orders, partial refunds and the limits of a purchase (docs/design.md §9): $1 → 10 points unless a test says otherwise. */
describe('orders, refunds and limits', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = membersApi(app);
  });
  afterAll(() => app.close());

  const refund = (token: string, memberId: string, entryId: string, amount: number, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${entryId}/refund`,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: { amount },
    });
  const refundOrder = (token: string, orderId: string, amount: number) =>
    app.inject({
      method: 'POST',
      url: `/api/tenants/orders/${encodeURIComponent(orderId)}/refund`,
      headers: bearer(token),
      payload: { amount },
    });
  const purchase = async (token: string, memberId: string, amount: number, extra: object = {}) => {
    const res = await api.record(token, memberId, { type: 'PURCHASE', amount, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json().entry as { id: string; points: number };
  };
  const makeKey = async (token: string, scopes: string[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(token),
      payload: { name: 'Till', scopes },
    });
    expect(res.statusCode).toBe(201);
    return res.json().key as string;
  };

  it('partial refunds take points back by cumulative floor, spend with them, and a full refund exactly what was earned', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const tiers = await insertTiers(app, biz.tenantId);
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 533.33); // 5,333 points, Silver
    expect(bought.points).toBe(5333);
    expect((await api.get(biz.staff, memberId)).json().tier.id).toBe(tiers.silver);

    const first = await refund(biz.staff, memberId, bought.id, 100);
    expect(first.statusCode).toBe(201);
    // floor(5333 · 100 / 533.33) = 999
    expect(first.json()).toMatchObject({
      entry: { type: 'REFUND', points: -999, amount: 100, refundsId: bought.id },
      pointsBalance: 4334,
      lifetimeSpend: 433.33,
      tier: { id: tiers.basic },
    });
    const second = await refund(biz.staff, memberId, bought.id, 100);
    // floor(5333 · 200 / 533.33) − 999 = 1999 − 999
    expect(second.json().entry.points).toBe(-1000);
    const over = await refund(biz.staff, memberId, bought.id, 333.34);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('REFUND_EXCEEDS_PURCHASE');
    const rest = await refund(biz.staff, memberId, bought.id, 333.33);
    expect(rest.json().entry.points).toBe(-3334);
    expect(rest.json()).toMatchObject({ pointsBalance: 0, lifetimeSpend: 0 });
    const history = (await api.ledger(biz.staff, memberId)).json().content as { id: string; refundedAmount?: number }[];
    expect(history.find((e) => e.id === bought.id)?.refundedAmount).toBe(533.33);
    const s = await stored(app, biz.tenantId, memberId);
    expect(s).toMatchObject({ balance: 0, ledgerSum: 0, lotsRemaining: 0, spend: '0.00' });
  });

  it('points already spent are taken back below zero, and later points pay the balance back first', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 10); // 100 points
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 80 })).statusCode).toBe(201);
    const back = await refund(biz.staff, memberId, bought.id, 10);
    expect(back.json()).toMatchObject({ entry: { points: -100 }, pointsBalance: -80 });
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({ balance: -80, ledgerSum: -80, lotsRemaining: 0 });
    expect((await api.get(biz.staff, memberId)).json().pointsBalance).toBe(-80);
    await purchase(biz.staff, memberId, 5); // 50 points: all of them pay the balance back
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({ balance: -30, ledgerSum: -30, lotsRemaining: 0 });
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 50 })).statusCode).toBe(400);
    await purchase(biz.staff, memberId, 10); // 100 points: 30 pay back, 70 to spend
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({ balance: 70, ledgerSum: 70, lotsRemaining: 70 });
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 71 })).statusCode).toBe(400);
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 70 })).statusCode).toBe(201);
  });

  it('20 partial refunds of one purchase at once never take back more than it earned; the balance is the ledger sum', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 33.33); // 333 points
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refund(i % 2 ? biz.staff : biz.admin, memberId, bought.id, 1.67)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    // 19 × 1.67 = 31.73 fits in 33.33; a 20th would pass it.
    expect(codes).toEqual([...Array(19).fill(201), 409]);
    const taken = answers.filter((r) => r.statusCode === 201).reduce((sum, r) => sum - r.json().entry.points, 0);
    expect(taken).toBe(Math.floor((333 * 3173) / 3333));
    expect(taken).toBeLessThanOrEqual(333);
    const last = await refund(biz.staff, memberId, bought.id, 1.6);
    expect(taken - last.json().entry.points).toBe(333);
    const s = await stored(app, biz.tenantId, memberId);
    expect(s.balance).toBe(s.ledgerSum);
    expect(s).toMatchObject({ balance: 0, lotsRemaining: 0 });
  });

  it('refuses what is not a purchase, a reversed purchase, and a purchase older than the refund window', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId, { refundWindowDays: 30 });
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 20);
    const redeemed = (await api.record(biz.staff, memberId, { type: 'REDEEM', points: 50 })).json().entry.id;
    const notRefundable = await refund(biz.staff, memberId, redeemed, 1);
    expect([notRefundable.statusCode, notRefundable.json().error]).toEqual([409, 'NOT_REFUNDABLE']);

    const reversed = await purchase(biz.staff, memberId, 5);
    await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${reversed.id}/reversal`,
      headers: bearer(biz.staff),
    });
    expect((await refund(biz.staff, memberId, reversed.id, 1)).json().error).toBe('NOT_REFUNDABLE');

    // A purchase partly refunded is no longer reversed: the rest is refunded.
    expect((await refund(biz.staff, memberId, bought.id, 0.5)).statusCode).toBe(201);
    const reversal = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${bought.id}/reversal`,
      headers: bearer(biz.staff),
    });
    expect([reversal.statusCode, reversal.json().error]).toEqual([409, 'NOT_REVERSIBLE']);

    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(pointsLedger.id, bought.id));
    const late = await refund(biz.staff, memberId, bought.id, 1);
    expect([late.statusCode, late.json().error]).toEqual([409, 'REFUND_WINDOW_PASSED']);
    // No window: any time.
    await insertSettings(app, biz.tenantId, { refundWindowDays: null });
    expect((await refund(biz.staff, memberId, bought.id, 1)).statusCode).toBe(201);
    const s = await stored(app, biz.tenantId, memberId);
    expect(s.balance).toBe(s.ledgerSum);
  });

  it('an Idempotency-Key replays a refund; another amount under it is 422', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 10);
    const once = await refund(biz.staff, memberId, bought.id, 2, 'r-1');
    const again = await refund(biz.staff, memberId, bought.id, 2, 'r-1');
    expect([once.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().entry.id).toBe(once.json().entry.id);
    expect((await refund(biz.staff, memberId, bought.id, 3, 'r-1')).statusCode).toBe(422);
    expect((await stored(app, biz.tenantId, memberId)).entries).toBe(2);
  });

  it('a replayed refund answers with its order and the balance below zero, as the first answer did', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const memberId = await addMember(app, biz.owner);
    const bought = await purchase(biz.staff, memberId, 10, { orderId: 'TILL-77' }); // 100 points
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 80 })).statusCode).toBe(201);
    const once = await refund(biz.staff, memberId, bought.id, 10, 'r-order');
    const again = await refund(biz.staff, memberId, bought.id, 10, 'r-order');
    expect([once.statusCode, again.statusCode, again.json().replayed]).toEqual([201, 200, true]);
    expect(once.json()).toMatchObject({ entry: { orderId: 'TILL-77', points: -100 }, pointsBalance: -80 });
    expect(again.json()).toMatchObject({
      entry: { id: once.json().entry.id, orderId: 'TILL-77', refundsId: bought.id, points: -100 },
      pointsBalance: -80,
    });
  });

  it('orders: unique per business, the same body replays, another is 409; refunds by order id through an API key', async () => {
    const biz = await business(app);
    const other = await business(app);
    await insertSettings(app, biz.tenantId);
    await insertSettings(app, other.tenantId);
    const memberId = await addMember(app, biz.owner);
    const second = await addMember(app, biz.owner, { firstName: 'Lee' });
    const bought = await purchase(biz.staff, memberId, 42.5, { orderId: 'POS-1001/A', note: 'Gift wrap' });
    expect(bought).toMatchObject({ orderId: 'POS-1001/A', note: 'Gift wrap', points: 425 });
    const replay = await api.record(biz.staff, memberId, {
      type: 'PURCHASE',
      amount: 42.5,
      orderId: 'POS-1001/A',
      note: 'Gift wrap',
    });
    expect([replay.statusCode, replay.json().replayed, replay.json().entry.id]).toEqual([200, true, bought.id]);
    for (const body of [
      { type: 'PURCHASE', amount: 42.51, orderId: 'POS-1001/A', note: 'Gift wrap' },
      { type: 'PURCHASE', amount: 42.5, orderId: 'POS-1001/A' },
    ]) {
      const taken = await api.record(biz.staff, memberId, body);
      expect([taken.statusCode, taken.json().error]).toEqual([409, 'DUPLICATE_ORDER']);
    }
    const elsewhere = await api.record(biz.staff, second, { type: 'PURCHASE', amount: 42.5, orderId: 'POS-1001/A' });
    expect(elsewhere.json().error).toBe('DUPLICATE_ORDER');
    // Another business may use the same order id.
    const theirs = await addMember(app, other.owner);
    expect(
      (await api.record(other.staff, theirs, { type: 'PURCHASE', amount: 1, orderId: 'POS-1001/A' })).statusCode,
    ).toBe(201);
    for (const orderId of ['', 'has space', 'x'.repeat(65), 'café']) {
      const bad = await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 1, orderId });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['orderId']);
    }

    const key = await makeKey(biz.owner, ['transactions:write']);
    const byOrder = await refundOrder(key, 'POS-1001/A', 12.5);
    expect(byOrder.statusCode).toBe(201);
    expect(byOrder.json()).toMatchObject({
      entry: { type: 'REFUND', points: -125, refundsId: bought.id, orderId: 'POS-1001/A' },
    });
    // The history names the order on the purchase and on the refund that gives part of it back; the note is the
    // purchase's alone.
    const history = (await api.ledger(biz.staff, memberId)).json().content as Record<string, unknown>[];
    expect(history.map((e) => [e.type, e.orderId, e.note])).toEqual([
      ['REFUND', 'POS-1001/A', undefined],
      ['PURCHASE', 'POS-1001/A', 'Gift wrap'],
    ]);
    const [entry] = await app.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.id, byOrder.json().entry.id));
    expect(entry?.accountId).toBeNull();
    expect((await refundOrder(key, 'NO-SUCH-ORDER', 1)).statusCode).toBe(404);
    expect((await refundOrder(other.owner, 'POS-1001/A', 100)).json().error).toBe('REFUND_EXCEEDS_PURCHASE');
    const readOnly = await makeKey(biz.owner, ['members:read']);
    expect((await refundOrder(readOnly, 'POS-1001/A', 1)).statusCode).toBe(403);
    // The refund by entry is for people at the counter and in the dashboard.
    expect((await refund(key, memberId, bought.id, 1)).statusCode).toBe(403);
    expect((await stored(app, biz.tenantId, memberId)).balance).toBe(300);
  });

  it('limits: points per purchase, purchases per member per day, and the staff cap (staff accounts only)', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId, {
      maxPointsPerPurchase: 1000,
      maxPurchasesPerMemberPerDay: 3,
      staffMaxPurchaseAmount: '80.00',
    });
    const memberId = await addMember(app, biz.owner);
    const cap = await api.record(biz.owner, memberId, { type: 'PURCHASE', amount: 100.1 });
    expect([cap.statusCode, cap.json().error]).toEqual([422, 'POINTS_CAP']);
    expect(cap.json().message).toContain('1,000 points');
    const staffAbove = await api.record(biz.staff, memberId, { type: 'PURCHASE', amount: 80.01 });
    expect([staffAbove.statusCode, staffAbove.json().error]).toEqual([422, 'NEEDS_ADMIN']);
    expect((await stored(app, biz.tenantId, memberId)).entries).toBe(0);
    await purchase(biz.staff, memberId, 80);
    await purchase(biz.admin, memberId, 95);
    const key = await makeKey(biz.owner, ['transactions:write']);
    await purchase(key, memberId, 99);
    const fourth = await api.record(biz.owner, memberId, { type: 'PURCHASE', amount: 1 });
    expect([fourth.statusCode, fourth.json().error]).toEqual([422, 'DAILY_LIMIT']);
    // Yesterday's purchases are not today's.
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: sql`now() - interval '1 day'` })
      .where(eq(pointsLedger.memberId, memberId));
    await purchase(biz.owner, memberId, 1);
    // A redemption is no purchase: the daily limit does not count it.
    expect((await api.record(biz.staff, memberId, { type: 'REDEEM', points: 100 })).statusCode).toBe(201);
    expect((await stored(app, biz.tenantId, memberId)).entries).toBe(5);
  });

  it("the daily limit counts the business's day, in its time zone", async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId, { maxPurchasesPerMemberPerDay: 1 });
    await app.database.db.update(tenants).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(tenants.id, biz.tenantId));
    const memberId = await addMember(app, biz.owner);
    await purchase(biz.owner, memberId, 1);
    // An hour before the business's day began (UTC+14) is yesterday there, whatever day it is in UTC.
    await app.database.db
      .update(pointsLedger)
      .set({
        createdAt: sql`(date_trunc('day', now() at time zone 'Pacific/Kiritimati') at time zone 'Pacific/Kiritimati') - interval '1 hour'`,
      })
      .where(eq(pointsLedger.memberId, memberId));
    await purchase(biz.owner, memberId, 1);
    const third = await api.record(biz.owner, memberId, { type: 'PURCHASE', amount: 1 });
    expect([third.statusCode, third.json().error]).toEqual([422, 'DAILY_LIMIT']);
  });
});
