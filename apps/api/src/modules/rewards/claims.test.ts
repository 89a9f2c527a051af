import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import { addReward, rewardsApi } from '../../../test/support/rewards';
import { rewardClaims } from '../../db/schema';

/** The customer's side of rewards: the card's list with progress, a claim code on the phone, staff redeem it. */
describe('reward claims on the customer card', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  const slug = `cafe-${randomUUID().slice(0, 8)}`;
  const api = () => rewardsApi(app);
  const cardOf = (token: string) => app.inject({ url: `/api/public/card/${slug}`, headers: bearer(token) });
  const claim = (token: string, rewardId: string, s = slug) =>
    app.inject({ method: 'POST', url: `/api/public/card/${s}/rewards/${rewardId}/claim`, headers: bearer(token) });
  /** A member with a phone and `points`, and the customer's phone sign-in token. */
  const customer = async (points: number) => {
    const phone = uniquePhone();
    const id = await addMember(app, biz.owner, { phone });
    if (points) await membersApi(app).record(biz.owner, id, { type: 'PURCHASE', amount: points / 10 });
    return { id, token: await signInWithPhone(phone) };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.owner),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(put.statusCode).toBe(200);
  });
  afterAll(() => app?.close());

  it('the card lists every reward offered to the member with its names in the three languages and the progress', async () => {
    const coffee = await addReward(app, biz.owner, { name: 'Free coffee', pointsCost: 100 });
    const cake = await addReward(app, biz.owner, {
      name: 'Cake',
      nameZh: '蛋糕',
      nameCn: '蛋糕',
      pointsCost: 100 + 38,
    });
    const goldOnly = await addReward(app, biz.owner, { name: 'Gold gift', tierIds: [tiers.gold] });
    const off = await addReward(app, biz.owner, { name: 'Retired', active: false });
    const { token } = await customer(100);
    const card = await cardOf(token);
    expect(card.statusCode).toBe(200);
    const rewards = card.json().rewards as { id: string }[];
    expect(rewards.find((r) => r.id === coffee)).toMatchObject({
      name: 'Free coffee',
      nameZh: '免費咖啡',
      nameCn: '免费咖啡',
      pointsCost: 100,
      available: true,
      pointsNeeded: 0,
    });
    expect(rewards.find((r) => r.id === cake)).toMatchObject({ nameZh: '蛋糕', available: false, pointsNeeded: 38 });
    expect(rewards.map((r) => r.id)).not.toContain(goldOnly);
    expect(rewards.map((r) => r.id)).not.toContain(off);
  });

  it('a claim code is redeemed once at the counter, the points spent then; a second use is 409 CLAIM_USED', async () => {
    const rewardId = await addReward(app, biz.owner, { pointsCost: 100, stock: 1 });
    const { id, token } = await customer(250);
    const claimed = await claim(token, rewardId);
    expect(claimed.statusCode).toBe(201);
    const { claimCode, expiresAt } = claimed.json();
    expect(claimCode).toMatch(/^[2-9A-Z]{8}$/);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    // Claiming reserves nothing: neither points nor stock.
    expect(await stored(app, biz.tenantId, id)).toMatchObject({ balance: 250 });
    expect((await api().get(biz.owner, rewardId)).json().stock).toBe(1);

    const key = randomUUID();
    // Typed in lower case as a person might.
    const used = await api().redeemClaim(biz.staff, claimCode.toLowerCase(), key);
    expect(used.statusCode).toBe(201);
    expect(used.json()).toMatchObject({
      redemption: { rewardId, memberId: id, state: 'ISSUED', rewardNameZh: '免費咖啡', rewardNameCn: '免费咖啡' },
      pointsBalance: 150,
    });
    // A retry of the same request replays; any other use of the code is refused.
    const retry = await api().redeemClaim(biz.staff, claimCode, key);
    expect([retry.statusCode, retry.json().redemption?.id]).toEqual([200, used.json().redemption.id]);
    const twice = await api().redeemClaim(biz.owner, claimCode);
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'CLAIM_USED']);
    expect(await stored(app, biz.tenantId, id)).toMatchObject({ balance: 150 });
  });

  it('a used code typed again under a new key is 409 CLAIM_USED saying when and by whom, and spends nothing', async () => {
    const rewardId = await addReward(app, biz.owner, { pointsCost: 100 });
    const { id, token } = await customer(300);
    const { claimCode } = (await claim(token, rewardId)).json();
    const first = await api().redeemClaim(biz.staff, claimCode, randomUUID());
    expect(first.statusCode).toBe(201);
    // The counter's next, new entry of the same code: another Idempotency-Key.
    const again = await api().redeemClaim(biz.staff, claimCode, randomUUID());
    expect(again.statusCode).toBe(409);
    const body = again.json();
    expect(body).toMatchObject({
      error: 'CLAIM_USED',
      message: 'This code was already used',
      used: { by: { firstName: 'Team', lastName: 'User' } },
    });
    const usedAt = Date.parse(body.used.at);
    expect(Math.abs(usedAt - Date.parse(first.json().redemption.createdAt))).toBeLessThan(5_000);
    expect(await stored(app, biz.tenantId, id)).toMatchObject({ balance: 200 });
  });

  it('below zero after a refund of spent points, the card counts the points to a reward from the negative balance', async () => {
    const rewardId = await addReward(app, biz.owner, { pointsCost: 100 });
    const phone = uniquePhone();
    const id = await addMember(app, biz.owner, { phone });
    const members = membersApi(app);
    const bought = (await members.record(biz.owner, id, { type: 'PURCHASE', amount: 10 })).json().entry;
    expect((await members.record(biz.owner, id, { type: 'REDEEM', points: 80 })).statusCode).toBe(201);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${id}/transactions/${bought.id}/refund`,
      headers: bearer(biz.owner),
      payload: { amount: 10 },
    });
    expect(refund.json().pointsBalance).toBe(-80);
    const card = await cardOf(await signInWithPhone(phone));
    expect(card.json().pointsBalance).toBe(-80);
    const reward = (card.json().rewards as { id: string }[]).find((r) => r.id === rewardId);
    expect(reward).toMatchObject({ available: false, pointsNeeded: 180 });
    const panel = await api().panel(biz.staff, id);
    expect((panel.json().rewards as { id: string }[]).find((r) => r.id === rewardId)).toMatchObject({
      pointsNeeded: 180,
    });
  });

  it('a claim code used after its 10 minutes is 410 CLAIM_EXPIRED and spends nothing', async () => {
    const rewardId = await addReward(app, biz.owner);
    const { id, token } = await customer(100);
    const { claimCode } = (await claim(token, rewardId)).json();
    // The claim's clock moved on by 10 minutes and a second: its expiry is on the database's clock.
    await app.database.db
      .update(rewardClaims)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(rewardClaims.code, claimCode));
    const late = await api().redeemClaim(biz.staff, claimCode);
    expect([late.statusCode, late.json().error]).toEqual([410, 'CLAIM_EXPIRED']);
    expect(await stored(app, biz.tenantId, id)).toMatchObject({ balance: 100, entries: 1 });
  });

  it("another business's claim code is not found (404); an unknown one too", async () => {
    const rewardId = await addReward(app, biz.owner);
    const { token } = await customer(100);
    const { claimCode } = (await claim(token, rewardId)).json();
    const other = await business(app);
    expect((await api().redeemClaim(other.owner, claimCode)).statusCode).toBe(404);
    expect((await api().redeemClaim(biz.staff, 'ZZZZZZZZ')).statusCode).toBe(404);
    // The code still works where it belongs.
    expect((await api().redeemClaim(biz.staff, claimCode)).statusCode).toBe(201);
  });

  it('checks points, stock and limits again at the counter: a claim holds nothing', async () => {
    const rewardId = await addReward(app, biz.owner, { pointsCost: 100, perMemberLimit: 1 });
    const { id, token } = await customer(150);
    const first = (await claim(token, rewardId)).json().claimCode;
    const second = (await claim(token, rewardId)).json().claimCode;
    expect((await api().redeemClaim(biz.staff, first)).statusCode).toBe(201);
    const refused = await api().redeemClaim(biz.staff, second);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'LIMIT_REACHED']);
    expect(await stored(app, biz.tenantId, id)).toMatchObject({ balance: 50 });
    // What the member cannot have now is not claimed at all.
    const dear = await addReward(app, biz.owner, { pointsCost: 88 });
    const poor = await claim(token, dear);
    expect([poor.statusCode, poor.json().error, poor.json().message]).toEqual([
      409,
      'INSUFFICIENT_POINTS',
      'Not enough points: 38 more are needed for this reward',
    ]);
    const notHere = await claim(token, rewardId, 'no-such-shop');
    expect(notHere.statusCode).toBe(404);
  });
});
