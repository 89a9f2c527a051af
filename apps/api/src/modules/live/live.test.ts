import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { openStream } from '../../../test/support/live';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';

describe('change events for open screens', () => {
  let app: FastifyInstance;
  let base: string;
  let b: Awaited<ReturnType<typeof business>>;
  let other: Awaited<ReturnType<typeof business>>;

  beforeAll(async () => {
    app = await buildTestApp({
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      // The queue runs here, in a schema of its own, on the test's database.
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    // A time-zone change after a purchase queues the insights' rebuild (docs/design.md §10), as the server does.
    await app.jobs.start();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    b = await business(app);
    other = await business(app);
    for (const x of [b, other]) {
      await insertTiers(app, x.tenantId);
      await insertSettings(app, x.tenantId);
    }
  }, 120_000);
  afterAll(async () => {
    // Node's fetch may leave a socket it opened and never sent on; the server would wait for its header timeout.
    app?.server.closeAllConnections();
    await app?.close();
  });

  it("tells every role of the business what a purchase touched, and nothing of another business's changes", async () => {
    const stream = await openStream(base, '/api/tenants/events', b.staff);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await stream.opened()).toBe(true);
    // Another business changes first: its change must not arrive here.
    const theirs = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(other.owner),
      payload: { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en' },
    });
    expect(theirs.statusCode).toBe(200);
    const mine = await addMember(app, b.owner);
    expect((await membersApi(app).record(b.staff, mine, { type: 'PURCHASE', amount: 12 })).statusCode).toBe(201);
    const changes = stream.events.filter((e) => e.event === 'change');
    const first = (await stream.change(0))?.data.topics;
    expect(first).toEqual(expect.arrayContaining(['members', 'dashboard']));
    expect(changes.concat(stream.events).flatMap((e) => e.data.topics ?? [])).not.toContain('business');
    stream.close();
  });

  it('announces a settings save and a new user with the topics their screens read', async () => {
    const stream = await openStream(base, '/api/tenants/events', b.owner);
    expect(await stream.opened()).toBe(true);
    const from = stream.events.length;
    const save = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(b.owner),
      payload: { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en' },
    });
    expect(save.statusCode).toBe(200);
    // A new time zone also updates every wallet card (its expiring date): that announcement may come first.
    let at = from;
    let topics: string[] = [];
    for (let i = 0; i < 3 && !topics.includes('business'); i++) {
      const change = await stream.change(at);
      if (!change) break;
      topics = change.data.topics ?? [];
      at = stream.events.indexOf(change) + 1;
    }
    expect(topics).toEqual(expect.arrayContaining(['business', 'setup']));
    stream.close();
  });

  it('refuses API keys and callers without a sign-in', async () => {
    expect((await fetch(`${base}/api/tenants/events`)).status).toBe(401);
    const key = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(b.owner),
      payload: { name: 'till', scopes: ['members:read'] },
    });
    const res = await fetch(`${base}/api/tenants/events`, { headers: bearer(key.json().key) });
    expect(res.status).toBe(403);
  });

  it("a card page hears its own member's changes and not another member's", async () => {
    const slug = `live-${randomUUID().slice(0, 8)}`;
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(b.owner),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(put.statusCode).toBe(200);
    const phone = uniquePhone();
    const token = await signInWithPhone(phone);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Mei', lastName: 'Wong', acceptTerms: true, marketingOptIn: false },
    });
    expect(joined.statusCode).toBe(201);
    const stream = await openStream(base, `/api/public/card/${slug}/events`, token);
    expect(stream.res.status).toBe(200);
    expect(await stream.opened()).toBe(true);
    const someoneElse = await addMember(app, b.owner, { firstName: 'Ken' });
    await membersApi(app).record(b.owner, someoneElse, { type: 'PURCHASE', amount: 5 });
    expect(await stream.change(0)).toBeNull();
    const found = await app.inject({
      url: `/api/tenants/member/by-code/${encodeURIComponent(phone)}`,
      headers: bearer(b.owner),
    });
    expect(found.statusCode).toBe(200);
    await membersApi(app).record(b.owner, found.json().userId, { type: 'PURCHASE', amount: 5 });
    expect((await stream.change(0))?.data.topics).toContain('members');
    stream.close();
    // Someone else's phone token has no card here: 404, no stream.
    const stranger = await signInWithPhone(uniquePhone());
    expect((await fetch(`${base}/api/public/card/${slug}/events`, { headers: bearer(stranger) })).status).toBe(404);
  });

  it.runIf(engine === 'postgres')('a change made through another instance on the same database arrives', async () => {
    const second = await buildTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    try {
      const stream = await openStream(base, '/api/tenants/events', b.owner);
      expect(await stream.opened()).toBe(true);
      const member = await addMember(second, b.owner, { firstName: 'Elsewhere' });
      expect(member).toBeTruthy();
      expect((await stream.change(0))?.data.topics).toContain('members');
      stream.close();
    } finally {
      await second.close();
    }
  });
});
