import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { openStream } from '../../../test/support/live';
import { business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addReward, rewardBody, rewardsApi } from '../../../test/support/rewards';
import { eventually } from '../../../test/support/wallet';
import { webhookTestApp } from '../../../test/support/webhooks';

/**
 * What an open card page hears (docs/design.md §9): its code used, fulfilled or cancelled at the counter; a reward
 * of the business created, changed or deleted; a message sent to the member; a tier created. Each a `change`
 * event on the member's own stream, after which the card (GET) shows the new state.
 */
describe('the card page hears what it shows change', () => {
  let app: FastifyInstance;
  let base: string;
  let biz: Awaited<ReturnType<typeof business>>;
  const slug = `hear-${randomUUID().slice(0, 8)}`;
  const cardOf = async (token: string) =>
    (await app.inject({ url: `/api/public/card/${slug}`, headers: bearer(token) })).json();

  /** A customer who joined on the phone in `language`, with consent and `amount` spent; their token and id. */
  async function customer(language: 'en' | 'zh-Hant' | 'zh-Hans', amount = 30) {
    const phone = uniquePhone();
    const token = await signInWithPhone(phone);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Mei', lastName: 'Wong', acceptTerms: true, marketingOptIn: true, language },
    });
    expect(joined.statusCode).toBe(201);
    const found = await app.inject({
      url: `/api/tenants/member/by-code/${encodeURIComponent(phone)}`,
      headers: bearer(biz.owner),
    });
    const id = found.json().userId as string;
    if (amount)
      expect((await membersApi(app).record(biz.owner, id, { type: 'PURCHASE', amount })).statusCode).toBe(201);
    return { token, id };
  }
  /** The member's card stream, open, with the next change after what came so far. */
  async function cardStream(token: string) {
    const stream = await openStream(base, `/api/public/card/${slug}/events`, token);
    expect(stream.res.status).toBe(200);
    expect(await stream.opened()).toBe(true);
    return {
      ...stream,
      /** Does `act`, then answers whether a change came after it (within the bound). */
      async hears(act: () => Promise<unknown>) {
        const from = stream.events.length;
        await act();
        return (await stream.change(from)) !== null;
      },
    };
  }

  beforeAll(async () => {
    app = await webhookTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    biz = await business(app);
    await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.owner),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(put.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await app?.jobs.stop(1000);
    app?.server.closeAllConnections();
    await app?.close();
  });

  it('a claimed code used at the counter is heard at once and shows used; fulfil and cancel are heard too', async () => {
    const rewardId = await addReward(app, biz.owner, { pointsCost: 100 });
    const { token, id } = await customer('en');
    const claimed = await app.inject({
      method: 'POST',
      url: `/api/public/card/${slug}/rewards/${rewardId}/claim`,
      headers: bearer(token),
    });
    expect(claimed.statusCode).toBe(201);
    const { claimCode } = claimed.json();
    expect((await cardOf(token)).claims).toEqual([
      { claimCode, rewardId, expiresAt: claimed.json().expiresAt, used: false },
    ]);
    const stream = await cardStream(token);
    const api = rewardsApi(app);
    let redemptionId = '';
    expect(
      await stream.hears(async () => {
        const redeemed = await api.redeemClaim(biz.staff, claimCode, randomUUID());
        expect(redeemed.statusCode).toBe(201);
        redemptionId = redeemed.json().redemption.id;
      }),
    ).toBe(true);
    expect((await cardOf(token)).claims).toEqual([expect.objectContaining({ claimCode, used: true })]);
    expect(
      await stream.hears(async () => expect((await api.fulfil(biz.staff, redemptionId)).statusCode).toBe(200)),
    ).toBe(true);
    const second = await api.redeem(biz.staff, id, rewardId, randomUUID());
    expect(second.statusCode).toBe(201);
    await stream.change(stream.events.length);
    const cancel = () => api.cancel(biz.owner, second.json().redemption.id);
    expect(await stream.hears(async () => expect((await cancel()).statusCode).toBe(200))).toBe(true);
    stream.close();
  });

  it("a reward created, changed or deleted reaches every card page of the business, and no other business's", async () => {
    const { token } = await customer('en');
    const stream = await cardStream(token);
    let rewardId = '';
    expect(await stream.hears(async () => (rewardId = await addReward(app, biz.owner, { name: 'Cake' })))).toBe(true);
    expect((await cardOf(token)).rewards.map((r: { id: string }) => r.id)).toContain(rewardId);
    const api = rewardsApi(app);
    const deactivate = () => api.update(biz.owner, rewardId, rewardBody({ name: 'Cake', active: false }));
    expect(await stream.hears(async () => expect((await deactivate()).statusCode).toBe(200))).toBe(true);
    expect((await cardOf(token)).rewards.map((r: { id: string }) => r.id)).not.toContain(rewardId);
    expect(await stream.hears(async () => expect((await api.remove(biz.owner, rewardId)).statusCode).toBe(204))).toBe(
      true,
    );
    const other = await business(app);
    expect(await stream.hears(() => addReward(app, other.owner))).toBe(false);
    stream.close();
  });

  it("shows the latest message sent to the member in the member's language, heard when it is sent", async () => {
    const { token, id } = await customer('zh-Hant');
    expect((await cardOf(token)).latestMessage).toBeNull();
    const stream = await cardStream(token);
    const send = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/tenants/messages', headers: bearer(biz.owner), payload });
    const from = stream.events.length;
    const mine = await send({
      text: 'Double points',
      textZh: '雙倍積分',
      textCn: '双倍积分',
      audience: { memberId: id },
    });
    expect(mine.statusCode).toBe(202);
    expect(await eventually(async () => (await cardOf(token)).latestMessage?.text === '雙倍積分', 20_000)).toBe(true);
    expect(stream.events.slice(from).some((e) => e.event === 'change')).toBe(true);
    // A broadcast with no Chinese text: the English one, the newest message now.
    const from2 = stream.events.length;
    expect((await send({ text: 'New cakes today', audience: { all: true } })).statusCode).toBe(202);
    expect(await eventually(async () => (await cardOf(token)).latestMessage?.text === 'New cakes today', 20_000)).toBe(
      true,
    );
    expect(stream.events.slice(from2).some((e) => e.event === 'change')).toBe(true);
    stream.close();
  });

  it('a tier created is heard by the card page', async () => {
    const { token } = await customer('en');
    const stream = await cardStream(token);
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/memberships',
        headers: bearer(biz.owner),
        payload: { name: `Promo ${randomUUID().slice(0, 4)}`, color: '#aaaaaa', minSpendAmount: 0, isActive: false },
      });
    expect(await stream.hears(async () => expect((await create()).statusCode).toBe(201))).toBe(true);
    stream.close();
  });
});
