import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import {
  addMember,
  business,
  expireAllLots,
  insertSettings,
  insertTiers,
  membersApi,
  stored,
} from '../../../test/support/members';
import { pointsLots } from '../../db/schema';

const DAY = 86_400_000;

describe('the loyalty engine through /api/tenants/member/{id}/transactions', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = membersApi(app);
  });
  afterAll(() => app.close());

  it('a purchase earns floor(amount × points / amount) in whole cents and moves the tier at the right spend', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId, { earnRateAmount: '3.00', earnRatePoints: 7 });
    const id = await addMember(app, b.owner);
    const first = await api.record(b.staff, id, { type: 'PURCHASE', amount: 425.65 });
    expect(first.statusCode).toBe(201);
    // 42565 × 7 / 300 = 993.18… → 993
    expect(first.json()).toMatchObject({
      entry: { type: 'PURCHASE', points: 993, amount: 425.65 },
      pointsBalance: 993,
      lifetimeSpend: 425.65,
      tier: { id: tiers.basic, name: 'Basic' },
      replayed: false,
    });
    const detail = (await api.get(b.staff, id)).json();
    expect(detail).toMatchObject({
      pointsBalance: 993,
      lifetimeSpend: 425.65,
      nextTier: { name: 'Silver', amountToReach: 74.35 },
    });
    const under = await api.record(b.staff, id, { type: 'PURCHASE', amount: 74.34 });
    expect(under.json().tier.name).toBe('Basic');
    const at = await api.record(b.staff, id, { type: 'PURCHASE', amount: 0.01 });
    expect(at.json()).toMatchObject({ lifetimeSpend: 500, tier: { id: tiers.silver, name: 'Silver' } });
    expect((await api.list(b.staff)).json().content[0]).toMatchObject({
      membershipLevelName: 'Silver',
      tierId: tiers.silver,
    });
    expect(await stored(app, b.tenantId, id)).toMatchObject({ spend: '500.00', tierId: tiers.silver });
  });

  it('a redemption is within minimum, maximum and balance, worth points / rate × amount, spending lots soonest-expiring first', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, {
      redeemRatePoints: 100,
      redeemRateAmount: '2.50',
      minimumRedemption: 100,
      maximumRedemption: 400,
    });
    const id = await addMember(app, b.owner);
    await api.record(b.owner, id, { type: 'ADJUST', points: 300, reason: 'never expires' });
    await insertSettings(app, b.tenantId, {
      redeemRatePoints: 100,
      redeemRateAmount: '2.50',
      minimumRedemption: 100,
      maximumRedemption: 400,
      expiryType: 'DAYS',
      pointsExpiryDays: 30,
    });
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 20 }); // 200 points, 30 days
    const refuse = async (points: number, message: string) => {
      const res = await api.record(b.staff, id, { type: 'REDEEM', points });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: { points: message } });
    };
    await refuse(99, 'At least 100 points must be redeemed at a time');
    await refuse(401, 'At most 400 points may be redeemed at a time');
    const ok = await api.record(b.staff, id, { type: 'REDEEM', points: 250 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ entry: { type: 'REDEEM', points: -250, amount: 6.25 }, pointsBalance: 250 });
    // The 30-day lot went first (200), then 50 of the never-expiring one.
    const lots = await app.database.db.select().from(pointsLots).where(eq(pointsLots.memberId, id));
    expect(lots.map((l) => [l.expiresAt === null, l.remaining]).sort()).toEqual([
      [false, 0],
      [true, 250],
    ]);
    await refuse(251 + 0, 'Not enough points: the member has 250 to spend');
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 250, ledgerSum: 250, lotsRemaining: 250 });
  });

  it('inactive system or no settings: purchases record spend but earn nothing; redemptions are refused with a clear message', async () => {
    const b = await business(app);
    const id = await addMember(app, b.owner);
    const none = await api.record(b.staff, id, { type: 'PURCHASE', amount: 99.99 });
    expect(none.json()).toMatchObject({ entry: { points: 0, amount: 99.99 }, pointsBalance: 0, lifetimeSpend: 99.99 });
    await api.record(b.owner, id, { type: 'ADJUST', points: 500, reason: 'welcome' });
    const refused = await api.record(b.staff, id, { type: 'REDEEM', points: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      error: 'POINTS_INACTIVE',
      message: expect.stringContaining('inactive'),
    });
    await insertSettings(app, b.tenantId, { isActive: false });
    const off = await api.record(b.staff, id, { type: 'PURCHASE', amount: 10 });
    expect(off.json()).toMatchObject({ entry: { points: 0 }, pointsBalance: 500, lifetimeSpend: 109.99 });
    expect((await api.record(b.staff, id, { type: 'REDEEM', points: 100 })).statusCode).toBe(409);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 500, ledgerSum: 500, spend: '109.99' });
  });

  it('eight racing redemptions: only the affordable ones succeed and the balance never goes below zero', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { minimumRedemption: null, maximumRedemption: null });
    const id = await addMember(app, b.owner);
    await api.record(b.owner, id, { type: 'ADJUST', points: 1000, reason: 'race' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.record(b.staff, id, { type: 'REDEEM', points: 300 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    const balances = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().pointsBalance)
      .sort();
    expect(balances).toEqual([100, 400, 700]);
    expect(await stored(app, b.tenantId, id)).toMatchObject({
      balance: 100,
      ledgerSum: 100,
      lotsRemaining: 100,
      entries: 4,
    });
    expect((await api.get(b.staff, id)).json().pointsBalance).toBe(100);
  });

  it('a retried POST with the same Idempotency-Key records one entry and answers the same entry', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    const key = randomUUID();
    const first = await api.record(b.staff, id, { type: 'PURCHASE', amount: 12.5 }, key);
    const again = await api.record(b.staff, id, { type: 'PURCHASE', amount: 12.5 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ ...first.json(), replayed: true });
    const racing = await Promise.all(
      [1, 2, 3].map(() => api.record(b.staff, id, { type: 'REDEEM', points: 60 }, `${key}-r`)),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 65, entries: 2 });
    const otherMember = await addMember(app, b.owner, { firstName: 'Other' });
    expect((await api.record(b.staff, otherMember, { type: 'PURCHASE', amount: 1 }, key)).statusCode).toBe(409);
    expect(await stored(app, b.tenantId, otherMember)).toMatchObject({ entries: 0 });
  });

  it('expiry by DAYS: fixed when earned, gone from list, detail and spending the moment it passes; the next write records EXPIRE', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30, minimumRedemption: null });
    const id = await addMember(app, b.owner);
    const before = Date.now();
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 50 });
    const [lot] = await app.database.db.select().from(pointsLots).where(eq(pointsLots.memberId, id));
    expect(lot?.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 5000);
    expect(lot?.expiresAt?.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5000);
    expect((await api.get(b.staff, id)).json().expiringNext).toEqual({
      points: 500,
      expiresAt: lot?.expiresAt?.toISOString(),
    });
    // Changing the settings later does not move the expiry of points already earned.
    await insertSettings(app, b.tenantId, { expiryType: 'NEVER', minimumRedemption: null });
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 10 }); // 100 points, never expire
    await expireAllLots(app, id);
    await app.database.db.update(pointsLots).set({ expiresAt: null }).where(eq(pointsLots.points, 100));
    expect((await api.list(b.staff)).json().content[0].pointsBalance).toBe(100);
    expect((await api.get(b.staff, id)).json()).toMatchObject({ pointsBalance: 100, expiringNext: null });
    const tooMuch = await api.record(b.staff, id, { type: 'REDEEM', points: 101 });
    expect(tooMuch.statusCode).toBe(400);
    const ok = await api.record(b.staff, id, { type: 'REDEEM', points: 100 });
    expect(ok.json().pointsBalance).toBe(0);
    const ledger = (await api.ledger(b.staff, id)).json();
    expect(ledger.content.map((e: { type: string; points: number }) => [e.type, e.points])).toEqual([
      ['REDEEM', -100],
      ['EXPIRE', -500],
      ['PURCHASE', 100],
      ['PURCHASE', 500],
    ]);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 0, ledgerSum: 0, lotsRemaining: 0 });
  });

  it('a purchase writes off the points that expired first, and leaves lots that never expire alone', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { expiryType: 'NEVER', minimumRedemption: null });
    const id = await addMember(app, b.owner);
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 30 }); // 300 points, to expire below
    await expireAllLots(app, id);
    for (const amount of [10, 20]) await api.record(b.staff, id, { type: 'PURCHASE', amount }); // 100 + 200, never expire
    const next = await api.record(b.staff, id, { type: 'PURCHASE', amount: 5 });
    expect(next.json().pointsBalance).toBe(350);
    const ledger = (await api.ledger(b.staff, id)).json();
    expect(ledger.content.map((e: { type: string; points: number }) => [e.type, e.points])).toEqual([
      ['PURCHASE', 50],
      ['PURCHASE', 200],
      ['PURCHASE', 100],
      ['EXPIRE', -300],
      ['PURCHASE', 300],
    ]);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 350, ledgerSum: 350, lotsRemaining: 350 });
  });

  it('expiry by DATE: lots take the set date; after it the points are neither spendable nor counted', async () => {
    const b = await business(app);
    const date = new Date(Date.now() + 90 * DAY);
    await insertSettings(app, b.tenantId, { expiryType: 'DATE', pointsExpiryDate: date, minimumRedemption: null });
    const id = await addMember(app, b.owner);
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 30 });
    const [lot] = await app.database.db.select().from(pointsLots).where(eq(pointsLots.memberId, id));
    expect(lot?.expiresAt?.getTime()).toBe(date.getTime());
    expect((await api.get(b.staff, id)).json().expiringNext).toEqual({ points: 300, expiresAt: date.toISOString() });
    await expireAllLots(app, id);
    expect((await api.list(b.staff)).json().content[0].pointsBalance).toBe(0);
    expect((await api.record(b.staff, id, { type: 'REDEEM', points: 1 })).json().errors.points).toBe(
      'Not enough points: the member has 0 to spend',
    );
    const adjust = await api.record(b.admin, id, { type: 'ADJUST', points: -1, reason: 'x' });
    expect(adjust.statusCode).toBe(400);
    // A refused write rolls back, so the EXPIRE is written by the next write that succeeds.
    const buy = await api.record(b.staff, id, { type: 'PURCHASE', amount: 1 });
    expect(buy.json().pointsBalance).toBe(10);
    expect(await stored(app, b.tenantId, id)).toMatchObject({
      balance: 10,
      ledgerSum: 10,
      lotsRemaining: 10,
      entries: 3,
    });
  });

  it('the ledger is paged newest first; bad bodies are 400 naming the field', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    for (const amount of [1, 2, 3]) await api.record(b.staff, id, { type: 'PURCHASE', amount });
    const page = (await api.ledger(b.staff, id, '?size=2&page=1')).json();
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, last: true });
    expect(page.content.map((e: { amount: number }) => e.amount)).toEqual([1]);
    for (const [body, field] of [
      [{ type: 'PURCHASE', amount: 0 }, 'amount'],
      [{ type: 'PURCHASE', amount: 1.005 }, 'amount'],
      [{ type: 'REDEEM', points: 1.5 }, 'points'],
      [{ type: 'ADJUST', points: 5 }, 'reason'],
      [{ type: 'ADJUST', points: 0, reason: 'x' }, 'points'],
    ] as const) {
      const res = await api.record(b.owner, id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await api.record(b.owner, id, { type: 'GIFT', points: 5 })).statusCode).toBe(400);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ entries: 3 });
  });

  // An Idempotency-Key reused with a different body; on PostgreSQL the requests sent at once really run in
  // parallel on two connections.
  const expectKeyReused = (res: { statusCode: number; json(): unknown }, key: string) => {
    expect(res.statusCode).toBe(422);
    const body = res.json() as { status: number; error: string; message: string };
    expect(body).toMatchObject({ status: 422, error: 'IDEMPOTENCY_KEY_REUSED' });
    expect(body.message).toContain(`"${key}"`);
    expect(body.message).toContain('nothing was recorded');
  };

  it('another amount, type or points answers 422 naming the key and records nothing; the same body replays', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { minimumRedemption: null });
    const id = await addMember(app, b.owner);
    const key = randomUUID();
    const first = await api.record(b.staff, id, { type: 'PURCHASE', amount: 1 }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ entry: { type: 'PURCHASE', amount: 1, points: 10 }, pointsBalance: 10 });

    expectKeyReused(await api.record(b.staff, id, { type: 'PURCHASE', amount: 500 }, key), key);
    expectKeyReused(await api.record(b.staff, id, { type: 'REDEEM', points: 10 }, key), key);
    expectKeyReused(await api.record(b.owner, id, { type: 'ADJUST', points: 10, reason: 'goodwill' }, key), key);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 10, spend: '1.00', entries: 1 });
    expect((await api.get(b.staff, id)).json()).toMatchObject({ pointsBalance: 10, lifetimeSpend: 1 });

    // The same request spelled another way (keys in another order, 1.00) is a retry: 200 with the first entry.
    const retry = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${id}/transactions`,
      headers: { ...bearer(b.staff), 'idempotency-key': key, 'content-type': 'application/json' },
      payload: '{"amount": 1.00, "type": "PURCHASE"}',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ ...first.json(), replayed: true });

    // An adjustment under its own key: another reason is another body.
    const adjustKey = randomUUID();
    const adjust = { type: 'ADJUST', points: 5, reason: 'goodwill' };
    expect((await api.record(b.owner, id, adjust, adjustKey)).statusCode).toBe(201);
    expectKeyReused(await api.record(b.owner, id, { ...adjust, reason: 'other' }, adjustKey), adjustKey);
    expect((await api.record(b.owner, id, adjust, adjustKey)).statusCode).toBe(200);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 15, entries: 2 });
  });

  it('sent at once with different bodies: exactly one 201 and one 422, and only the 201 is recorded', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    const key = randomUUID();
    const amounts = [1, 500];
    const answers = await Promise.all(
      amounts.map((amount) => api.record(b.staff, id, { type: 'PURCHASE', amount }, key)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const won = answers.findIndex((r) => r.statusCode === 201);
    expectKeyReused(answers[1 - won] as (typeof answers)[number], key);
    const amount = amounts[won] as number;
    expect(answers[won]?.json()).toMatchObject({ entry: { amount }, lifetimeSpend: amount, replayed: false });
    expect(await stored(app, b.tenantId, id)).toMatchObject({
      balance: amount * 10,
      spend: amount.toFixed(2),
      entries: 1,
    });
  });

  it('sent at once with the same body: one 201, one 200 replayed with the same entry, one ledger entry', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    const key = randomUUID();
    const answers = await Promise.all(
      [0, 1].map(() => api.record(b.staff, id, { type: 'PURCHASE', amount: 500 }, key)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [a, c] = answers.map((r) => r.json());
    expect(a.entry).toEqual(c.entry);
    expect(answers.find((r) => r.statusCode === 200)?.json()).toMatchObject({ replayed: true });
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 5000, spend: '500.00', entries: 1 });
  });
});
