import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, uniquePhone } from '../../../test/helpers';
import { openStream } from '../../../test/support/live';
import { business, insertSettings, insertTiers } from '../../../test/support/members';
import { auditEvents } from '../../db/schema';
import { recordChangeOn } from '../../lib/changes';

type Stream = Awaited<ReturnType<typeof openStream>>;

/**
 * Settings, users, keys and rewards are heard the way members and points are: the write publishes a record
 * changed on the change feed in its transaction, and the feed's listeners write its audit row and announce it
 * to open screens (lib/changes.ts, app.ts). One write, one row, one announcement; nothing for a write undone.
 */
describe('a record changed is heard through the change feed', () => {
  let app: FastifyInstance;
  let base: string;
  let b: Awaited<ReturnType<typeof business>>;

  beforeAll(async () => {
    app = await buildTestApp({
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    b = await business(app);
    await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId);
  }, 120_000);
  afterAll(async () => {
    app?.server.closeAllConnections();
    await app?.close();
  });

  const auditRows = async (action: string) => {
    const [row] = await app.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, b.tenantId), eq(auditEvents.action, action)));
    return row?.n ?? 0;
  };
  /** The announcements after `from` that carry `topic`, once the first has come and the bound has passed again. */
  const heard = async (stream: Stream, from: number, topic: string) => {
    const carrying = () =>
      stream.events.slice(from).filter((e) => e.event === 'change' && e.data.topics?.includes(topic));
    for (let at = from; carrying().length === 0; ) {
      const next = await stream.change(at);
      if (!next) return [];
      at = stream.events.indexOf(next) + 1;
    }
    // A second announcement of the same write would come within the bound too.
    expect(await stream.change(stream.events.length)).toBeNull();
    return carrying();
  };

  it('a settings save and a new user: one audit row and one announcement each', async () => {
    const stream = await openStream(base, '/api/tenants/events', b.owner);
    expect(await stream.opened()).toBe(true);

    let from = stream.events.length;
    const save = await app.inject({
      method: 'POST',
      url: '/api/points-conversion',
      headers: bearer(b.admin),
      payload: {
        earnRateAmount: 10,
        earnRatePoints: 100,
        redeemRatePoints: 100,
        redeemRateAmount: 1,
        minimumRedemption: 100,
        maximumRedemption: 10000,
        expiryType: 'NEVER',
        pointsExpiryDays: null,
        pointsExpiryDate: null,
        isActive: true,
        description: 'Spend and save',
      },
    });
    expect(save.statusCode).toBe(200);
    const settings = await heard(stream, from, 'points-conversion');
    expect(settings).toHaveLength(1);
    expect(settings[0]?.data.topics).toEqual(expect.arrayContaining(['points-conversion', 'setup', 'audit']));
    expect(await auditRows('pointsConversion.update')).toBe(1);

    from = stream.events.length;
    const user = await app.inject({
      method: 'POST',
      url: '/api/tenants/users',
      headers: bearer(b.admin),
      payload: {
        firstName: 'Sam',
        lastName: 'Lee',
        email: `sam-${randomUUID()}@example.test`,
        phone: uniquePhone(),
        role: 'STAFF',
        password: 'secret-pass-1',
      },
    });
    expect(user.statusCode).toBe(201);
    const users = await heard(stream, from, 'users');
    expect(users).toHaveLength(1);
    expect(users[0]?.data.topics).toEqual(expect.arrayContaining(['users', 'dashboard', 'audit']));
    expect(await auditRows('user.create')).toBe(1);
    stream.close();
  });

  it('the feed alone writes the row and announces, only once the change commits', async () => {
    const stream = await openStream(base, '/api/tenants/events', b.owner);
    expect(await stream.opened()).toBe(true);
    // An account the trail names by its id, as it does one it cannot find.
    const by = { actor: { type: 'account' as const, id: randomUUID() }, ip: '::1', requestId: 'r1' };
    const recordChange = recordChangeOn(app.changes, b.tenantId, by);
    const entry = { action: 'apiKey.revoke', target: { type: 'apiKey', id: randomUUID() }, before: { name: 'x' } };

    // Undone after it told the feed: no row, no announcement.
    const from = stream.events.length;
    await expect(
      app.db.transaction(async (tx) => {
        await recordChange(tx, 'api-keys', entry);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await stream.change(from)).toBeNull();
    expect(await auditRows('apiKey.revoke')).toBe(0);

    // Committed, with no request and no route in sight: the row, and the key screens told.
    await app.db.transaction((tx) => recordChange(tx, 'api-keys', entry));
    const keys = await heard(stream, from, 'api-keys');
    expect(keys).toHaveLength(1);
    expect(await auditRows('apiKey.revoke')).toBe(1);
    stream.close();
  });
});
