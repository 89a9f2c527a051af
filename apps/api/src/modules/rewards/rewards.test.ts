import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import { addReward, rewardBody, rewardsApi } from '../../../test/support/rewards';
import { eventually } from '../../../test/support/wallet';
import { type Receiver, startReceiver } from '../../../test/support/webhook-receiver';
import { webhooksApi, webhookTestApp } from '../../../test/support/webhooks';
import { pointsLedger, pointsLots, rewards } from '../../db/schema';

describe('rewards', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  let receiver: Receiver;
  const api = () => rewardsApi(app);
  /** A member with `points` earned by a purchase ($1 → 10 points). */
  const memberWith = async (points: number, body: Record<string, unknown> = {}) => {
    const id = await addMember(app, biz.owner, body);
    if (points > 0) {
      const res = await membersApi(app).record(biz.owner, id, { type: 'PURCHASE', amount: points / 10 });
      expect(res.statusCode).toBe(201);
    }
    return id;
  };

  beforeAll(async () => {
    app = await webhookTestApp();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    // min 50 and max 5000 points a redemption: rewards price themselves, so neither applies to them.
    await insertSettings(app, biz.tenantId);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  describe('the rewards list (admin and owner write, every role reads)', () => {
    it('creates, reads, replaces and deletes a reward, each in the audit trail', async () => {
      const made = await api().create(biz.admin, rewardBody({ stock: 5, perMemberLimit: 1, tierIds: [tiers.gold] }));
      expect(made.statusCode).toBe(201);
      const id = made.json().id;
      expect(made.json()).toMatchObject({
        name: 'Free coffee',
        nameZh: '免費咖啡',
        nameCn: '免费咖啡',
        kind: 'FREE_ITEM',
        value: null,
        pointsCost: 100,
        tierIds: [tiers.gold],
        stock: 5,
        perMemberLimit: 1,
        active: true,
        redeemed: 0,
      });
      expect((await api().get(biz.staff, id)).json().name).toBe('Free coffee');
      expect((await api().list(biz.staff)).json().map((r: { id: string }) => r.id)).toContain(id);
      const edited = await api().update(
        biz.owner,
        id,
        rewardBody({ kind: 'AMOUNT_OFF', value: 5.5, name: '$5.50 off' }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ kind: 'AMOUNT_OFF', value: 5.5, name: '$5.50 off', stock: null });
      expect((await api().remove(biz.owner, id)).statusCode).toBe(204);
      expect((await api().get(biz.owner, id)).statusCode).toBe(404);
      const audit = await app.inject({ url: '/api/tenants/audit?size=50', headers: bearer(biz.owner) });
      const actions = audit.json().content.filter((e: { targetId?: string }) => JSON.stringify(e).includes(id));
      expect(actions.map((e: { action: string }) => e.action).sort()).toEqual([
        'reward.create',
        'reward.delete',
        'reward.update',
      ]);
    });

    it('refuses staff writes (403) and bad bodies at their fields (400)', async () => {
      expect((await api().create(biz.staff, rewardBody())).statusCode).toBe(403);
      const bad = await api().create(biz.owner, {
        name: ' ',
        kind: 'PERCENT_OFF',
        value: 150,
        pointsCost: 0,
        stock: -1,
        validFrom: '2027-01-02T00:00:00Z',
        validTo: '2027-01-01T00:00:00Z',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'pointsCost', 'stock', 'validTo', 'value']);
      const other = await business(app);
      const otherTiers = await insertTiers(app, other.tenantId);
      const foreign = await api().create(
        biz.owner,
        rewardBody({ tierIds: [otherTiers.gold], imageUrl: '/files/x.png' }),
      );
      expect(foreign.statusCode).toBe(400);
      expect(Object.keys(foreign.json().errors).sort()).toEqual(['imageUrl', 'tierIds']);
      // Another business's reward is not found.
      const mine = await addReward(app, biz.owner);
      expect((await api().get(other.owner, mine)).statusCode).toBe(404);
      expect((await api().redeem(other.owner, await memberWith(0), mine)).statusCode).toBe(404);
    });
  });

  describe('redemption at the counter', () => {
    it('spends the points with a REDEEM entry naming the reward, outside the minimum and maximum redemption', async () => {
      const member = await memberWith(7000);
      // 6000 is above the settings' maximum (5000), 10 below their minimum (50).
      for (const [cost, name] of [
        [6000, 'Hamper'],
        [10, 'Sticker'],
      ] as const) {
        const rewardId = await addReward(app, biz.owner, { name, pointsCost: cost });
        const res = await api().redeem(biz.staff, member, rewardId);
        expect(res.statusCode).toBe(201);
        expect(res.json().redemption).toMatchObject({ rewardId, state: 'ISSUED', rewardName: name, memberId: member });
        expect(res.json().redemption.code).toMatch(/^[2-9A-Z]{8}$/);
      }
      const ledger = (await membersApi(app).ledger(biz.owner, member)).json().content;
      // docs/design.md §10: no English prose stored; the code and the reward, named in every language it has.
      expect(
        ledger
          .slice(0, 2)
          .map((e: { type: string; points: number; reason: string; reasonCode: string; reward: { name: string } }) => [
            e.type,
            e.points,
            e.reason,
            e.reasonCode,
            e.reward?.name,
          ]),
      ).toEqual([
        ['REDEEM', -10, null, 'REWARD_REDEEMED', 'Sticker'],
        ['REDEEM', -6000, null, 'REWARD_REDEEMED', 'Hamper'],
      ]);
      expect(ledger[0].reward).toMatchObject({ nameZh: '免費咖啡', nameCn: '免费咖啡' });
      expect(await stored(app, biz.tenantId, member)).toMatchObject({
        balance: 990,
        ledgerSum: 990,
        lotsRemaining: 990,
      });
    });

    it('answers each refusal with its code and records nothing', async () => {
      const member = await memberWith(150);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ pointsCost: 151 }, 409, 'INSUFFICIENT_POINTS'],
        [{ stock: 0 }, 409, 'OUT_OF_STOCK'],
        [{ tierIds: [tiers.gold] }, 409, 'NOT_ELIGIBLE'],
        [{ active: false }, 409, 'NOT_AVAILABLE'],
        [{ validFrom: '2099-01-01T00:00:00Z' }, 409, 'NOT_AVAILABLE'],
        [{ validTo: '2001-01-01T00:00:00Z' }, 409, 'NOT_AVAILABLE'],
      ];
      for (const [overrides, status, code] of cases) {
        const res = await api().redeem(biz.staff, member, await addReward(app, biz.owner, overrides));
        expect([res.statusCode, res.json().error]).toEqual([status, code]);
      }
      expect(
        (await api().redeem(biz.staff, member, await addReward(app, biz.owner, { pointsCost: 151 }))).json().message,
      ).toBe('Not enough points: 1 more are needed for this reward');
      const limited = await addReward(app, biz.owner, { perMemberLimit: 1, pointsCost: 50 });
      expect((await api().redeem(biz.staff, member, limited)).statusCode).toBe(201);
      const again = await api().redeem(biz.staff, member, limited);
      expect([again.statusCode, again.json().error]).toEqual([409, 'LIMIT_REACHED']);
      // Only the one redemption was recorded.
      expect(await stored(app, biz.tenantId, member)).toMatchObject({ balance: 100, entries: 2 });
    });

    it('records once for a retried Idempotency-Key; the key for another reward is 422', async () => {
      const member = await memberWith(500);
      const rewardId = await addReward(app, biz.owner);
      const key = randomUUID();
      const first = await api().redeem(biz.staff, member, rewardId, key);
      const retry = await api().redeem(biz.staff, member, rewardId, key);
      expect([first.statusCode, retry.statusCode]).toEqual([201, 200]);
      expect(retry.json().redemption.id).toBe(first.json().redemption.id);
      expect(retry.json().pointsBalance).toBe(400);
      const other = await api().redeem(biz.staff, member, await addReward(app, biz.owner), key);
      expect(other.statusCode).toBe(422);
      expect(await stored(app, biz.tenantId, member)).toMatchObject({ balance: 400, entries: 2 });
    });

    it('gives the last 2 in stock to exactly 2 of 10 members racing for them', async () => {
      const rewardId = await addReward(app, biz.owner, { stock: 2 });
      const racers = await Promise.all(Array.from({ length: 10 }, () => memberWith(100)));
      const answers = await Promise.all(racers.map((m) => api().redeem(biz.staff, m, rewardId)));
      const codes = answers.map((r) => (r.statusCode === 201 ? 'WON' : r.json().error));
      expect(codes.filter((c) => c === 'WON')).toHaveLength(2);
      expect(codes.filter((c) => c === 'OUT_OF_STOCK')).toHaveLength(8);
      const [row] = await app.database.db
        .select({ stock: rewards.stock })
        .from(rewards)
        .where(eq(rewards.id, rewardId));
      expect(row?.stock).toBe(0);
      const balances = await Promise.all(racers.map((m) => stored(app, biz.tenantId, m)));
      expect(balances.filter((b) => b.balance === 0)).toHaveLength(2);
      expect((await api().get(biz.owner, rewardId)).json().redeemed).toBe(2);
    });

    it('holds the per-member limit when one member redeems at two tills at once', async () => {
      const member = await memberWith(1000);
      const rewardId = await addReward(app, biz.owner, { perMemberLimit: 2 });
      const answers = await Promise.all(Array.from({ length: 6 }, () => api().redeem(biz.staff, member, rewardId)));
      expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
      expect(answers.filter((r) => r.json().error === 'LIMIT_REACHED')).toHaveLength(4);
      expect(await stored(app, biz.tenantId, member)).toMatchObject({ balance: 800 });
    });
  });

  describe('fulfil and cancel', () => {
    it('fulfils (staff); cancels (admin, not staff) with the points back to their lots exactly', async () => {
      const member = await memberWith(0);
      // Two lots that expire at different times: the redemption takes from both.
      await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30 });
      await membersApi(app).record(biz.owner, member, { type: 'PURCHASE', amount: 6 });
      await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 90 });
      await membersApi(app).record(biz.owner, member, { type: 'PURCHASE', amount: 10 });
      await insertSettings(app, biz.tenantId);
      const lotsOf = () =>
        app.database.db
          .select({ id: pointsLots.id, remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
          .from(pointsLots)
          .where(eq(pointsLots.memberId, member))
          .orderBy(pointsLots.expiresAt);
      const lotsBefore = await lotsOf();
      const rewardId = await addReward(app, biz.owner, { pointsCost: 100, stock: 3, perMemberLimit: 1 });
      const issued = (await api().redeem(biz.staff, member, rewardId)).json();
      expect(issued.pointsBalance).toBe(60);
      expect((await lotsOf()).map((l) => l.remaining)).toEqual([0, 60]);

      expect((await api().cancel(biz.staff, issued.redemption.id)).statusCode).toBe(403);
      const cancelled = await api().cancel(biz.admin, issued.redemption.id);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json()).toMatchObject({ redemption: { state: 'CANCELLED' }, pointsBalance: 160 });
      expect(await lotsOf()).toEqual(lotsBefore);
      expect(await stored(app, biz.tenantId, member)).toMatchObject({ balance: 160, ledgerSum: 160 });
      const [reversal] = await app.database.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.memberId, member), eq(pointsLedger.type, 'REVERSAL')));
      expect(reversal).toMatchObject({ points: 100, reversesId: issued.redemption ? expect.any(String) : null });
      expect((await api().get(biz.owner, rewardId)).json()).toMatchObject({ stock: 3, redeemed: 0 });
      // A cancelled redemption is outside the limit: the member may redeem again, and fulfil it.
      const again = await api().redeem(biz.staff, member, rewardId);
      expect(again.statusCode).toBe(201);
      const done = await api().fulfil(biz.staff, again.json().redemption.id);
      expect([done.statusCode, done.json().state]).toEqual([200, 'FULFILLED']);
      // Only an issued redemption moves.
      for (const res of [
        await api().fulfil(biz.staff, again.json().redemption.id),
        await api().cancel(biz.owner, again.json().redemption.id),
        await api().cancel(biz.owner, issued.redemption.id),
      ]) {
        expect([res.statusCode, res.json().error]).toEqual([409, 'NOT_ISSUED']);
      }
      const trail = await app.inject({ url: '/api/tenants/audit?size=100', headers: bearer(biz.owner) });
      const actions = trail.json().content.map((e: { action: string }) => e.action);
      expect(actions).toEqual(
        expect.arrayContaining(['reward.fulfil', 'reward.cancel', 'points.redeem', 'points.reversal']),
      );
    });

    it("the member's data export names each redemption's reward and state", async () => {
      const member = await memberWith(300);
      const rewardId = await addReward(app, biz.owner, { name: 'Free coffee', pointsCost: 100 });
      const first = (await api().redeem(biz.staff, member, rewardId)).json();
      await api().fulfil(biz.staff, first.redemption.id);
      expect((await api().redeem(biz.staff, member, rewardId)).statusCode).toBe(201);
      const exported = await app.inject({ url: `/api/tenants/member/${member}/export`, headers: bearer(biz.admin) });
      expect(exported.statusCode).toBe(200);
      expect(exported.json().redemptions).toEqual([
        expect.objectContaining({ rewardId, rewardName: 'Free coffee', state: 'ISSUED', points: -100 }),
        expect.objectContaining({ rewardId, rewardName: 'Free coffee', state: 'FULFILLED', points: -100 }),
      ]);
    });

    it('the counter panel lists what the member can have now and how far they are from the rest', async () => {
      const member = await memberWith(120);
      const cheap = await addReward(app, biz.owner, { name: 'Cookie', pointsCost: 80 });
      const dear = await addReward(app, biz.owner, { name: 'Cake', pointsCost: 200 });
      const gold = await addReward(app, biz.owner, { name: 'Gold gift', tierIds: [tiers.gold], pointsCost: 1 });
      const gone = await addReward(app, biz.owner, { name: 'Gone', stock: 0, pointsCost: 2 });
      const panel = (await api().panel(biz.staff, member)).json();
      const byId = new Map(panel.rewards.map((r: { id: string }) => [r.id, r]));
      expect(byId.get(cheap)).toMatchObject({ available: true, pointsNeeded: 0, blockedBy: null });
      expect(byId.get(dear)).toMatchObject({ available: false, pointsNeeded: 80, blockedBy: null });
      expect(byId.get(gone)).toMatchObject({ available: false, pointsNeeded: 0, blockedBy: 'OUT_OF_STOCK' });
      expect(byId.has(gold)).toBe(false);
      expect(panel.pointsBalance).toBe(120);
    });
  });

  it('the dashboard counts redemptions per reward, cancelled ones not', async () => {
    const rewardId = await addReward(app, biz.owner, { name: 'Dashboard donut', nameZh: '冬甩' });
    const redeemed = [];
    for (const m of [await memberWith(100), await memberWith(100), await memberWith(100)]) {
      redeemed.push((await api().redeem(biz.staff, m, rewardId)).json().redemption.id);
    }
    expect((await api().cancel(biz.owner, redeemed[0])).statusCode).toBe(200);
    const dashboard = (await app.inject({ url: '/api/dashboard', headers: bearer(biz.staff) })).json();
    expect(dashboard.rewardRedemptions).toContainEqual({
      rewardId,
      name: 'Dashboard donut',
      nameZh: '冬甩',
      nameCn: '免费咖啡',
      count: 2,
    });
  });

  it('tells webhook receivers reward.redeemed, signed', async () => {
    receiver = await startReceiver();
    const made = (await webhooksApi(app).create(biz.owner, { url: receiver.url, events: ['reward.redeemed'] })).json();
    const member = await memberWith(300);
    const rewardId = await addReward(app, biz.owner, { name: 'Tea' });
    const res = await api().redeem(biz.staff, member, rewardId);
    expect(await eventually(() => receiver.received.length >= 1)).toBe(true);
    const got = receiver.received[0] as (typeof receiver.received)[number];
    const event = new Webhook(made.secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      data: object;
    };
    expect(event).toMatchObject({
      type: 'reward.redeemed',
      data: {
        memberId: member,
        rewardId,
        rewardName: 'Tea',
        redemptionId: res.json().redemption.id,
        points: -100,
        pointsBalance: 200,
        claimed: false,
      },
    });
  });
});
