import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
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
} from '../../../test/support/members';
import { googleWalletObjects, pointsLedger, tenants, walletRegistrations } from '../../db/schema';
import { trendPercent } from './repository';

describe('GET /api/dashboard', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  const dashboard = (token: string) => app.inject({ url: '/api/dashboard', headers: bearer(token) });

  it('a fresh business: zeros, team of three, members as the wallet basis', async () => {
    const b = await business(app);
    const res = await dashboard(b.staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      teamUsers: 3,
      members: { total: 0, active: 0 },
      pointsIssued: { thisMonth: 0, lastMonth: 0, trendPercent: null },
      pointsOutstanding: 0,
      liability: 0,
      walletCards: { count: 0, basis: 'wallet' },
      tierMix: [],
      rewardRedemptions: [],
    });
  });

  it('live figures: members, points issued this and last month, outstanding without expired lots, liability, tier mix', async () => {
    const b = await business(app);
    const other = await business(app);
    await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId, { redeemRatePoints: 100, redeemRateAmount: '1.50', minimumRedemption: null });
    const api = membersApi(app);
    const a = await addMember(app, b.owner, { firstName: 'A' });
    const c = await addMember(app, b.owner, { firstName: 'C' });
    const d = await addMember(app, b.owner, { firstName: 'D' });
    await api.update(b.owner, d, { firstName: 'D', lastName: 'Chen', status: 'inactive', tierId: null });
    await api.record(b.staff, a, { type: 'PURCHASE', amount: 600 }); // 6000 points, Silver
    await api.record(b.staff, c, { type: 'PURCHASE', amount: 20 }); // 200 points
    await api.record(b.staff, a, { type: 'REDEEM', points: 1000 });
    // One of last month's entries, moved back in time.
    await api.record(b.owner, d, { type: 'ADJUST', points: 400, reason: 'old' });
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '3 days'` })
      .where(eq(pointsLedger.memberId, d));
    await addMember(app, other.owner);
    const figures = (await dashboard(b.owner)).json();
    expect(figures).toMatchObject({
      teamUsers: 3,
      members: { total: 3, active: 2 },
      pointsIssued: { thisMonth: 6200, lastMonth: 400, trendPercent: 1450 },
      pointsOutstanding: 5600,
      liability: 84,
      walletCards: { count: 0, basis: 'wallet' },
    });
    expect(figures.tierMix).toEqual([
      { tierId: expect.any(String), name: 'Basic', color: '#888888', count: 2 },
      { tierId: expect.any(String), name: 'Silver', color: '#888888', count: 1 },
    ]);
    // Expired points leave the outstanding figure at once, as they leave the member's balance.
    await expireAllLots(app, c);
    const after = (await dashboard(b.staff)).json();
    expect(after.pointsOutstanding).toBe(5400);
    expect((await api.get(b.staff, c)).json().pointsBalance).toBe(0);
    // A card counts once its pass is registered on a device: c on two devices, d on one, is two cards.
    const registration = (memberId: string, device: string) => ({
      deviceLibraryId: device,
      passTypeId: 'pass.test.loyalty-portal.dev',
      memberId,
      tenantId: b.tenantId,
      pushToken: `${device}token`,
    });
    await app.database.db
      .insert(walletRegistrations)
      .values([registration(c, 'phone'), registration(c, 'watch'), registration(d, 'phone')]);
    expect((await dashboard(b.staff)).json().walletCards).toEqual({ count: 2, basis: 'wallet' });
    // A Google object counts once Google confirmed it (a link alone is not a card); d with both counts once.
    const object = (memberId: string, confirmed: boolean) => ({
      memberId,
      tenantId: b.tenantId,
      objectId: `3388000000000000001.${memberId}`,
      confirmedAt: confirmed ? new Date() : null,
    });
    await app.database.db.insert(googleWalletObjects).values([object(a, false), object(d, true)]);
    expect((await dashboard(b.staff)).json().walletCards).toEqual({ count: 2, basis: 'wallet' });
    await app.database.db
      .update(googleWalletObjects)
      .set({ confirmedAt: new Date() })
      .where(eq(googleWalletObjects.memberId, a));
    expect((await dashboard(b.staff)).json().walletCards).toEqual({ count: 3, basis: 'wallet' });
    expect((await dashboard(other.owner)).json()).toMatchObject({ members: { total: 1 }, pointsOutstanding: 0 });
  });

  it('points issued: purchases, welcome bonuses, positive adjustments and imports; reversals and refunds are taken back, not issuing', async () => {
    const b = await business(app);
    const m = await addMember(app, b.owner, { firstName: 'Issued' });
    const entry = (
      type: 'PURCHASE' | 'BONUS' | 'ADJUST' | 'IMPORT' | 'REVERSAL' | 'REFUND' | 'REDEEM',
      points: number,
    ) => ({
      id: randomUUID(),
      tenantId: b.tenantId,
      memberId: m,
      type,
      points,
    });
    await app.database.db
      .insert(pointsLedger)
      .values([
        entry('PURCHASE', 100),
        entry('BONUS', 50),
        entry('ADJUST', 20),
        entry('IMPORT', 30),
        entry('ADJUST', -5),
        entry('IMPORT', -7),
        entry('REVERSAL', -100),
        entry('REFUND', -10),
        entry('REDEEM', -40),
      ]);
    expect((await dashboard(b.owner)).json().pointsIssued).toEqual({
      thisMonth: 200,
      lastMonth: 0,
      trendPercent: null,
    });
  });

  it("months are the business's: an entry an hour before its month began, in its time zone, is last month's", async () => {
    const b = await business(app);
    const m = await addMember(app, b.owner, { firstName: 'Zone' });
    await app.database.db.update(tenants).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(tenants.id, b.tenantId));
    const at = (offset: string) =>
      sql`(date_trunc('month', now() at time zone 'Pacific/Kiritimati') at time zone 'Pacific/Kiritimati') + ${sql.raw(`interval '${offset}'`)}`;
    const row = (points: number) => ({
      id: randomUUID(),
      tenantId: b.tenantId,
      memberId: m,
      type: 'BONUS' as const,
      points,
    });
    const before = row(7);
    const after = row(11);
    await app.database.db.insert(pointsLedger).values([before, after]);
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: at('-1 hour') })
      .where(eq(pointsLedger.id, before.id));
    await app.database.db
      .update(pointsLedger)
      .set({ createdAt: at('1 minute') })
      .where(eq(pointsLedger.id, after.id));
    expect((await dashboard(b.owner)).json().pointsIssued).toMatchObject({ thisMonth: 11, lastMonth: 7 });
  });

  it('trend: percent change with one decimal, null without a previous month', () => {
    expect(trendPercent(150, 100)).toBe(50);
    expect(trendPercent(1, 3)).toBe(-66.7);
    expect(trendPercent(5, 0)).toBeNull();
  });
});
