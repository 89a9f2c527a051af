import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import { members, pointsLedger, pointsLots } from '../../db/schema';

/** The counter (docs/design.md §8): find a member by code or phone, reverse a purchase or redemption. */
describe('the counter: by-code lookup and reversals', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = membersApi(app);
  });
  afterAll(() => app.close());

  const byCode = (token: string, code: string, tenantId?: string) =>
    app.inject({
      url: `/api/tenants/member/by-code/${encodeURIComponent(code)}`,
      headers: { ...bearer(token), ...(tenantId ? { 'x-tenant-id': tenantId } : {}) },
    });
  const reverse = (token: string, memberId: string, entryId: string, key?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${entryId}/reversal`,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const codeOf = async (id: string) => {
    const [row] = await app.database.db
      .select({ code: members.membershipCode })
      .from(members)
      .where(eq(members.id, id));
    return row?.code as string;
  };
  /** The controlled clock: the entry (and its lot) recorded `minutes` ago. */
  const age = async (entryId: string, minutes: number) => {
    const past = sql`now() - make_interval(mins => ${minutes})`;
    await app.database.db.update(pointsLedger).set({ createdAt: past }).where(eq(pointsLedger.id, entryId));
  };
  const expectRefused = (res: { statusCode: number; json(): unknown }, error: string, message: string) => {
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, error, message: expect.stringContaining(message) });
  };

  it('staff find a member by code in any letter case and with spaces around: the detail plus earn and redeem terms', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId, { earnRateAmount: '2.50', earnRatePoints: 3 });
    const id = await addMember(app, b.owner, { firstName: 'Ana', lastName: 'Lopez', phone: '+14155550123' });
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 600 });
    const code = await codeOf(id);
    expect(code).toMatch(/^M\d{6}$/);

    for (const typed of [code, code.toLowerCase(), `  ${code}  `]) {
      const res = await byCode(b.staff, typed);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        userId: id,
        firstName: 'Ana',
        lastName: 'Lopez',
        membershipCode: code,
        pointsBalance: 720,
        lifetimeSpend: 600,
        tier: { id: tiers.silver, name: 'Silver' },
        nextTier: { name: 'Gold', amountToReach: 1400 },
        expiringNext: null,
        redeemTerms: { isActive: true, redeemRatePoints: 100, redeemRateAmount: 1, minimumRedemption: 50 },
        earnTerms: { isActive: true, earnRateAmount: 2.5, earnRatePoints: 3 },
      });
    }
    // The same member detail the detail route answers.
    const { earnTerms: _, ...detail } = (await byCode(b.staff, code)).json();
    expect(detail).toEqual((await api.get(b.staff, id)).json());
  });

  it('by phone in international format, spaces, dashes and brackets ignored; a phone without + or an unknown one is 404', async () => {
    const b = await business(app);
    const id = await addMember(app, b.owner, { phone: '+85291234567' });
    for (const typed of ['+85291234567', '+852 9123 4567', '+852-9123-4567', '+(852) 9123.4567']) {
      const res = await byCode(b.staff, typed);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toMatchObject({ userId: id, phone: '+85291234567', earnTerms: null, redeemTerms: null });
    }
    for (const typed of ['85291234567', '+85291234568', 'M999999', 'nobody']) {
      const res = await byCode(b.staff, typed);
      expect(res.statusCode, typed).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, message: 'No member has this code or phone' });
    }
  });

  it('another tenant’s code or phone is 404, even with that tenant named in X-Tenant-Id; every role may look up', async () => {
    const b = await business(app);
    const other = await business(app);
    const theirs = await addMember(app, other.owner, { phone: '+14155550999' });
    const theirCode = await codeOf(theirs);
    // Both tenants hand out the same first code; each finds only its own member under it.
    const ours = await addMember(app, b.owner);
    expect(await codeOf(ours)).toBe(theirCode);
    expect((await byCode(b.staff, theirCode)).json().userId).toBe(ours);
    expect((await byCode(other.staff, theirCode)).json().userId).toBe(theirs);
    expect((await byCode(b.staff, '+14155550999')).statusCode).toBe(404);
    expect((await byCode(b.staff, theirCode, other.tenantId)).statusCode).toBe(403);
    for (const token of [b.owner, b.admin, b.staff]) expect((await byCode(token, theirCode)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/tenants/member/by-code/${theirCode}` })).statusCode).toBe(401);
    const tooLong = await byCode(b.staff, 'M'.repeat(41));
    expect(tooLong.statusCode).toBe(400);
  });

  it('staff reverse a purchase: its points and spend go, the tier drops back, the ledger shows the link, twice is 409', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 450 });
    const buy = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 100 })).json();
    expect(buy).toMatchObject({ pointsBalance: 5500, tier: { id: tiers.silver } });
    // Served once, so the next read shows the reversal only if the list version moved.
    expect((await api.list(b.staff)).json().content[0]).toMatchObject({ pointsBalance: 5500, tierId: tiers.silver });

    const res = await reverse(b.staff, id, buy.entry.id);
    expect(res.statusCode).toBe(201);
    const reversal = res.json();
    expect(reversal).toMatchObject({
      entry: { type: 'REVERSAL', points: -1000, amount: 100, reversesId: buy.entry.id, reversedById: null },
      pointsBalance: 4500,
      lifetimeSpend: 450,
      tier: { id: tiers.basic, name: 'Basic' },
      replayed: false,
    });
    expect((await api.list(b.staff)).json().content[0]).toMatchObject({ pointsBalance: 4500, tierId: tiers.basic });
    expect((await api.get(b.staff, id)).json()).toMatchObject({ pointsBalance: 4500, lifetimeSpend: 450 });
    // Points issued count what the purchases gave (5,500); the reversal is points taken back, so it shows in
    // the outstanding figure, not as negative issuing (modules/dashboard/figures.ts).
    const dashboard = await app.inject({ url: '/api/dashboard', headers: bearer(b.owner) });
    expect(dashboard.json()).toMatchObject({ pointsIssued: { thisMonth: 5500 }, pointsOutstanding: 4500 });
    const ledger = (await api.ledger(b.staff, id)).json().content;
    expect(ledger.slice(0, 2)).toMatchObject([
      { id: reversal.entry.id, type: 'REVERSAL', points: -1000, reversesId: buy.entry.id, reversedById: null },
      { id: buy.entry.id, type: 'PURCHASE', points: 1000, reversesId: null, reversedById: reversal.entry.id },
    ]);

    expectRefused(await reverse(b.staff, id, buy.entry.id), 'ALREADY_REVERSED', 'already reversed');
    expectRefused(await reverse(b.staff, id, reversal.entry.id), 'NOT_REVERSIBLE', 'purchases and redemptions');
    expect(await stored(app, b.tenantId, id)).toMatchObject({
      balance: 4500,
      ledgerSum: 4500,
      lotsRemaining: 4500,
      spend: '450.00',
      tierId: tiers.basic,
      entries: 3,
    });
  });

  it('a pinned tier stays; a purchase that earned nothing (system off) gives back only its spend', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const id = await addMember(app, b.owner, { tierId: tiers.gold });
    const buy = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 30 })).json();
    expect(buy.entry.points).toBe(0);
    const res = await reverse(b.staff, id, buy.entry.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { points: 0 },
      pointsBalance: 0,
      lifetimeSpend: 0,
      tier: { id: tiers.gold },
    });
    expect(await stored(app, b.tenantId, id)).toMatchObject({ spend: '0.00', tierId: tiers.gold, ledgerSum: 0 });
  });

  it('a redemption’s points go back to the lots they came from, keeping their expiry', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { minimumRedemption: null });
    const id = await addMember(app, b.owner);
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 10 }); // 100, never expire
    await insertSettings(app, b.tenantId, { minimumRedemption: null, expiryType: 'DAYS', pointsExpiryDays: 30 });
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 20 }); // 200, in 30 days
    const lotsBefore = await app.database.db.select().from(pointsLots).where(eq(pointsLots.memberId, id));
    const spend = (await api.record(b.staff, id, { type: 'REDEEM', points: 250 })).json();
    expect(spend).toMatchObject({ pointsBalance: 50, entry: { amount: 2.5 } });

    const res = await reverse(b.staff, id, spend.entry.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { type: 'REVERSAL', points: 250, amount: 2.5, reversesId: spend.entry.id },
      pointsBalance: 300,
      lifetimeSpend: 30,
    });
    const lotsAfter = await app.database.db.select().from(pointsLots).where(eq(pointsLots.memberId, id));
    const shape = (lots: typeof lotsBefore) =>
      lots.map((l) => [l.id, l.remaining, l.expiresAt?.toISOString() ?? null]).sort();
    expect(shape(lotsAfter)).toEqual(shape(lotsBefore));
    expect((await api.get(b.staff, id)).json().expiringNext).toMatchObject({ points: 200 });
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 300, ledgerSum: 300, lotsRemaining: 300 });
  });

  it('refused once its points were spent (partly or wholly) or expired, and after 10 minutes on the database clock', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { minimumRedemption: null });
    const id = await addMember(app, b.owner);
    const partly = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 10 })).json();
    await api.record(b.staff, id, { type: 'REDEEM', points: 1 });
    expectRefused(await reverse(b.staff, id, partly.entry.id), 'POINTS_SPENT', 'already spent');

    const late = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 5 })).json();
    await age(late.entry.id, 11);
    expectRefused(await reverse(b.staff, id, late.entry.id), 'REVERSAL_WINDOW_PASSED', '10 minutes');
    // Just inside the window it still goes through.
    const recent = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 2 })).json();
    await age(recent.entry.id, 9);
    expect((await reverse(b.staff, id, recent.entry.id)).statusCode).toBe(201);

    const expiring = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 3 })).json();
    await app.database.db
      .update(pointsLots)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pointsLots.ledgerId, expiring.entry.id));
    expectRefused(await reverse(b.staff, id, expiring.entry.id), 'POINTS_SPENT', 'expired');

    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 179, ledgerSum: 179, lotsRemaining: 179 });
    expect((await api.get(b.staff, id)).json().pointsBalance).toBe(149);
  });

  it('adjustments are not reversed; unknown entries, another member’s or another tenant’s are 404', async () => {
    const b = await business(app);
    const other = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    const second = await addMember(app, b.owner, { firstName: 'Second' });
    const adjust = (await api.record(b.admin, id, { type: 'ADJUST', points: 40, reason: 'goodwill' })).json();
    expectRefused(await reverse(b.owner, id, adjust.entry.id), 'NOT_REVERSIBLE', 'adjustment');
    const buy = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 1 })).json();
    expect((await reverse(b.staff, second, buy.entry.id)).statusCode).toBe(404);
    expect((await reverse(b.staff, id, randomUUID())).statusCode).toBe(404);
    expect((await reverse(other.owner, id, buy.entry.id)).statusCode).toBe(404);
    expect((await reverse(b.staff, id, 'bad!id')).statusCode).toBe(400);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 50, ledgerSum: 50, entries: 2 });
  });

  it('double clicks: at once without a key one 201 and one 409; with a key the retry replays (200) and another entry is 422', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    const first = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 7 })).json();
    const clicks = await Promise.all([0, 1].map(() => reverse(b.staff, id, first.entry.id)));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const lost = clicks.find((r) => r.statusCode === 409) as (typeof clicks)[number];
    expectRefused(lost, 'ALREADY_REVERSED', 'already reversed');

    const buy = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 9 })).json();
    const key = randomUUID();
    const keyed = await Promise.all([0, 1].map(() => reverse(b.staff, id, buy.entry.id, key)));
    expect(keyed.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const [x, y] = keyed.map((r) => r.json());
    expect(x.entry).toEqual(y.entry);
    expect(x.pointsBalance).toBe(0);
    const again = (await api.record(b.staff, id, { type: 'PURCHASE', amount: 4 })).json();
    const reused = await reverse(b.staff, id, again.entry.id, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ error: 'IDEMPOTENCY_KEY_REUSED' });
    // A purchase's key cannot be replayed as a reversal either.
    const buyKey = randomUUID();
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 1 }, buyKey);
    expect((await reverse(b.staff, id, again.entry.id, buyKey)).statusCode).toBe(422);
    expect(await stored(app, b.tenantId, id)).toMatchObject({
      balance: 50,
      ledgerSum: 50,
      lotsRemaining: 50,
      entries: 6,
    });
  });
});
