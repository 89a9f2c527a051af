import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { openStream } from '../../../test/support/live';
import { business } from '../../../test/support/members';
import { sameBody, usersApi } from '../../../test/support/users';

/** docs/design.md §10: the streams of someone who lost access close within this on every instance. */
const END_BOUND_MS = 5000;

type Stream = Awaited<ReturnType<typeof openStream>>;

/** The base URL of an app listening on a free port. */
async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

async function close(app: FastifyInstance | undefined) {
  // Node's fetch may leave a socket it opened and never sent on; the server would wait for its header timeout.
  app?.server.closeAllConnections();
  await app?.close();
}

/** The business's join page opened under a fresh slug. */
async function openJoinPage(app: FastifyInstance, ownerToken: string): Promise<string> {
  const slug = `caps-${randomUUID().slice(0, 8)}`;
  const put = await app.inject({
    method: 'PUT',
    url: '/api/tenants/enrolment',
    headers: bearer(ownerToken),
    payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
  });
  expect(put.statusCode).toBe(200);
  return slug;
}

/** The customer of `token` joins the business of `slug`; answers the membership code. */
async function join(app: FastifyInstance, slug: string, token: string): Promise<string> {
  const joined = await app.inject({
    method: 'POST',
    url: `/api/public/join/${slug}`,
    headers: bearer(token),
    payload: { firstName: 'Mei', lastName: 'Wong', acceptTerms: true, marketingOptIn: false },
  });
  expect(joined.statusCode).toBe(201);
  return joined.json().membershipCode;
}

/** Opens `n` streams one after another, each answered 200 with its `open` event. */
async function openAll(base: string, path: string, token: string, n: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < n; i++) {
    const stream = await openStream(base, path, token);
    streams.push(stream);
    expect(stream.res.status, `stream ${i + 1}`).toBe(200);
    expect(await stream.opened()).toBe(true);
  }
  return streams;
}

/** A refused stream's answer: its status, the one error shape, and Retry-After. */
async function refused(base: string, path: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers: bearer(token), signal: controller.signal });
  // A stream let through never ends: hang up rather than wait for a body.
  if (res.ok) controller.abort();
  const body = res.ok ? null : await res.json();
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}

describe('no caller holds every live stream', () => {
  let app: FastifyInstance;
  let base: string;
  let b: Awaited<ReturnType<typeof business>>;
  let other: Awaited<ReturnType<typeof business>>;
  /** On PostgreSQL, a second instance on the same database: the writes that end streams go through it. */
  let second: FastifyInstance | undefined;
  const open: Stream[] = [];

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    base = await listening(app);
    b = await business(app);
    other = await business(app);
    if (engine === 'postgres') second = await buildTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  }, 120_000);
  afterAll(async () => {
    for (const stream of open) stream.close();
    await close(second);
    await close(app);
  });

  it("refuses one user's 11th stream with 429 TOO_MANY_STREAMS, and another business's stream carries on", async () => {
    const theirs = await openStream(base, '/api/tenants/events', other.staff);
    open.push(theirs);
    expect(await theirs.opened()).toBe(true);
    open.push(...(await openAll(base, '/api/tenants/events', b.staff, 10)));

    const eleventh = await refused(base, '/api/tenants/events', b.staff);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ status: 429, error: 'TOO_MANY_STREAMS', message: expect.any(String) });
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(0);

    // The other business still opens streams and still hears its changes.
    const more = await openStream(base, '/api/tenants/events', other.owner);
    open.push(more);
    expect(more.res.status).toBe(200);
    const from = theirs.events.length;
    const save = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(other.owner),
      payload: { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en' },
    });
    expect(save.statusCode).toBe(200);
    expect(await theirs.change(from)).not.toBeNull();
  });

  it('holds the cap when one user opens twelve streams at once: ten open, two refused', async () => {
    const user = await usersApi(app).activeTeamUser(b.owner);
    const streams = await Promise.all(
      Array.from({ length: 12 }, () => openStream(base, '/api/tenants/events', user.token)),
    );
    open.push(...streams);
    const statuses = streams.map((stream) => stream.res.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
  });

  it('a stream closed by its screen gives its place back', async () => {
    const user = await usersApi(app).activeTeamUser(b.owner);
    const streams = await openAll(base, '/api/tenants/events', user.token, 10);
    expect((await refused(base, '/api/tenants/events', user.token)).status).toBe(429);
    streams[0]?.close();
    // The server hears the hang-up a moment later: the next open succeeds once it has. Bounded by time, not by a
    // count of tries: fifty tries in a row took a quarter of a second on a busy machine, before the server heard.
    let again: Stream | undefined;
    const deadline = Date.now() + 10_000;
    while (again?.res.status !== 200 && Date.now() < deadline) {
      if (again) await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(base, '/api/tenants/events', user.token);
    }
    expect(again?.res.status).toBe(200);
    open.push(...streams.slice(1), again as Stream);
  });

  it("refuses one phone's 6th card stream with 429, counting its cards at every business", async () => {
    const slugB = await openJoinPage(app, b.owner);
    const slugOther = await openJoinPage(app, other.owner);
    const token = await signInWithPhone(uniquePhone());
    await join(app, slugB, token);
    await join(app, slugOther, token);
    open.push(...(await openAll(base, `/api/public/card/${slugB}/events`, token, 3)));
    open.push(...(await openAll(base, `/api/public/card/${slugOther}/events`, token, 2)));

    for (const slug of [slugB, slugOther]) {
      const sixth = await refused(base, `/api/public/card/${slug}/events`, token);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ status: 429, error: 'TOO_MANY_STREAMS', message: expect.any(String) });
    }
    // Another customer's card at the same business still opens.
    const neighbour = await signInWithPhone(uniquePhone());
    await join(app, slugB, neighbour);
    const theirs = await openStream(base, `/api/public/card/${slugB}/events`, neighbour);
    open.push(theirs);
    expect(theirs.res.status).toBe(200);
  });

  it("ends a user's streams when the user is deactivated or removed, and a card's when it is erased", async () => {
    const writer = second ?? app;
    const users = usersApi(writer);

    const deactivated = await usersApi(app).activeTeamUser(b.owner);
    const first = await openStream(base, '/api/tenants/events', deactivated.token);
    expect(await first.opened()).toBe(true);
    const off = await users.update(b.owner, deactivated.row.userId, sameBody(deactivated.row, { status: 'INACTIVE' }));
    expect(off.statusCode).toBe(200);
    expect(await first.ended(END_BOUND_MS)).toBe(true);
    // Refused either way: 401 once the revocation (users/service.ts) outdates the token, which Firebase counts
    // in whole seconds, so a token from the same second still verifies and the inactive account answers 403.
    expect([401, 403]).toContain(
      (await fetch(`${base}/api/tenants/events`, { headers: bearer(deactivated.token) })).status,
    );

    const removed = await usersApi(app).activeTeamUser(b.owner);
    const theirs = await openStream(base, '/api/tenants/events', removed.token);
    expect(await theirs.opened()).toBe(true);
    expect((await users.remove(b.owner, removed.row.userId)).statusCode).toBe(204);
    expect(await theirs.ended(END_BOUND_MS)).toBe(true);

    // The business's other screens stay open.
    const owners = await openStream(base, '/api/tenants/events', b.owner);
    open.push(owners);
    expect(await owners.opened()).toBe(true);

    const slug = await openJoinPage(app, b.owner);
    const token = await signInWithPhone(uniquePhone());
    const code = await join(app, slug, token);
    const found = await app.inject({ url: `/api/tenants/member/by-code/${code}`, headers: bearer(b.owner) });
    expect(found.statusCode).toBe(200);
    const memberId: string = found.json().userId;
    const card = await openStream(base, `/api/public/card/${slug}/events`, token);
    expect(await card.opened()).toBe(true);
    const erased = await writer.inject({
      method: 'DELETE',
      url: `/api/tenants/member/${memberId}`,
      headers: bearer(b.owner),
    });
    expect(erased.statusCode).toBe(204);
    expect(await card.ended(END_BOUND_MS)).toBe(true);
    // The customer's phone account went with their only card (docs/design.md §10): the old token no longer signs in.
    expect([401, 404]).toContain(
      (await fetch(`${base}/api/public/card/${slug}/events`, { headers: bearer(token) })).status,
    );
    expect(await owners.ended(100)).toBe(false);
  });
});

describe('a business holds at most half of the instance’s streams', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildTestApp({ LIVE_MAX_CONNECTIONS: '4' });
    base = await listening(app);
  }, 120_000);
  afterAll(() => close(app));

  it('answers 503 LIVE_FULL to a business at half the cap while another business still connects', async () => {
    const full = await business(app);
    const room = await business(app);
    const streams = [
      ...(await openAll(base, '/api/tenants/events', full.owner, 1)),
      ...(await openAll(base, '/api/tenants/events', full.staff, 1)),
    ];
    const third = await refused(base, '/api/tenants/events', full.admin);
    expect(third.status).toBe(503);
    expect(third.body).toEqual({ status: 503, error: 'LIVE_FULL', message: expect.any(String) });
    streams.push(...(await openAll(base, '/api/tenants/events', room.staff, 1)));
    for (const stream of streams) stream.close();
  });
});
