import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { openStream } from '../../../test/support/live';
import { business, insertSettings } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { webhookTestApp } from '../../../test/support/webhooks';

/** The open card page hears a stamp added at the counter, and reads the card with it (docs/design.md §10). */
describe('the card page follows the stamp card', () => {
  let app: FastifyInstance;
  let base: string;
  const slug = `stamps-${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    app = await webhookTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(async () => {
    await app?.jobs.stop(1000);
    app?.server.closeAllConnections();
    await app?.close();
  });

  it('a stamp added is a change on the member stream, and the card then shows it', async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.owner),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(put.statusCode).toBe(200);
    const rewardId = await addReward(app, biz.owner);
    await stampsApi(app).save(biz.owner, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId });
    const phone = uniquePhone();
    const token = await signInWithPhone(phone);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Mei', lastName: 'Wong', acceptTerms: true },
    });
    expect(joined.statusCode).toBe(201);
    const card = async () => (await app.inject({ url: `/api/public/card/${slug}`, headers: bearer(token) })).json();
    expect((await card()).stampCard).toMatchObject({ stamps: 0, stampsPerCard: 8 });
    const found = await app.inject({
      url: `/api/tenants/member/by-code/${encodeURIComponent(phone)}`,
      headers: bearer(biz.owner),
    });
    const memberId = found.json().userId as string;
    expect(found.json()).toMatchObject({ stamps: 0, cardsCompleted: 0 });

    const stream = await openStream(base, `/api/public/card/${slug}/events`, token);
    expect(await stream.opened()).toBe(true);
    const from = stream.events.length;
    expect((await stampsApi(app).add(biz.staff, memberId, { count: 1 })).statusCode).toBe(201);
    expect(await stream.change(from)).not.toBeNull();
    expect((await card()).stampCard).toMatchObject({ stamps: 1, stampsPerCard: 8, ready: [] });
    await stampsApi(app).add(biz.staff, memberId, { count: 7 });
    expect((await card()).stampCard).toMatchObject({
      stamps: 0,
      cardsCompleted: 1,
      ready: [expect.objectContaining({ rewardId, state: 'ISSUED', source: 'STAMPS' })],
    });
  });
});
