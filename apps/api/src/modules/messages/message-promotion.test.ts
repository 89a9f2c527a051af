import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine } from '../../../test/helpers';
import { business } from '../../../test/support/members';
import { addPromotion, promotionsApi } from '../../../test/support/promotions';

/** A message may name the promotion it announces (docs/design.md §10 "Promotions"), one of this business's. */
describe(`a message linking a promotion on ${engine}`, () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;

  const send = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: '/api/tenants/messages', headers: bearer(token), payload });
  const message = async (id: string) =>
    (await app.inject({ url: `/api/tenants/messages/${id}`, headers: bearer(biz.owner) })).json();
  const listed = async (id: string) =>
    (await app.inject({ url: '/api/tenants/messages', headers: bearer(biz.owner) }))
      .json()
      .find((m: { id: string }) => m.id === id);

  beforeAll(async () => {
    // A queue of its own (the send jobs are scheduled far ahead and never run here).
    app = await buildTestApp({
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.jobs.start();
    biz = await business(app);
  });
  afterAll(() => app?.close());

  it('stores the promotion, shows it in the list and the message, and loses it when the promotion is deleted', async () => {
    const promotionId = await addPromotion(app, biz.owner, { days: ['TUE'] });
    const made = await send(biz.owner, {
      text: 'Double points on Tuesdays',
      textZh: '逢星期二雙倍積分',
      audience: { all: true },
      sendAt: '2099-01-01T09:00:00Z',
      promotionId,
    });
    expect(made.statusCode, made.body).toBe(202);
    const { id } = made.json();
    expect((await message(id)).promotionId).toBe(promotionId);
    expect((await listed(id)).promotionId).toBe(promotionId);

    const plain = await send(biz.owner, { text: 'Hello', audience: { all: true }, sendAt: '2099-01-01T09:00:00Z' });
    expect((await message(plain.json().id)).promotionId).toBeNull();

    // The promotion deleted: the message keeps its text and no longer names it.
    expect((await promotionsApi(app).remove(biz.owner, promotionId)).statusCode).toBe(204);
    expect(await message(id)).toMatchObject({ text: 'Double points on Tuesdays', promotionId: null });
  });

  it("refuses another business's promotion and an unknown one as not found, at the field, sending nothing", async () => {
    const other = await business(app);
    const theirs = await addPromotion(app, other.owner);
    const count = async () =>
      (await app.inject({ url: '/api/tenants/messages', headers: bearer(biz.owner) })).json().length;
    const before = await count();
    for (const promotionId of [theirs, 'no-such-promotion']) {
      const res = await send(biz.owner, { text: 'Hello', audience: { all: true }, promotionId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().errors).toEqual({ promotionId: 'Promotion not found' });
    }
    expect(await count()).toBe(before);
    expect((await send(biz.owner, { text: 'Hello', audience: { all: true }, promotionId: '' })).statusCode).toBe(400);
  });
});
