import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';
import { googleIssuer, TEST_ISSUER_ID } from './support/google-wallet';
import { eventually } from './support/wallet';

/**
 * The Google PATCH a purchase enqueues survives SIGKILL: Google is unreachable (the stand-in answers 503) when
 * the purchase is acknowledged, the real server is killed, Google comes back, and the restarted server
 * delivers the new balance.
 */
describe(`Google Wallet update across a SIGKILL on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-google-crash-'));
  let issuer: Awaited<ReturnType<typeof googleIssuer>> | undefined;
  const server = spawnedServer(dataDir, {
    JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
    ...(process.env.WALLET_CRASH_LOG ? { LOG_LEVEL: 'info' } : {}),
  });
  const { call } = server;
  afterAll(async () => {
    server.kill();
    await issuer?.standIn.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('PATCHes the object with the acknowledged purchase once the killed server is back', async () => {
    issuer = await googleIssuer(dataDir);
    const google = issuer.standIn;
    await server.start(issuer.env);

    const token = await businessOverHttp(call, 'Crash Tea House');
    const member = await call(token, 'POST', '/api/tenants/member', { firstName: 'Kit', lastName: 'Ho' });
    expect(member.status).toBe(201);
    const memberId = member.json.userId as string;
    const objectId = `${TEST_ISSUER_ID}.${memberId}`;
    const link = await call(token, 'GET', `/api/tenants/member/${memberId}/passes/google`);
    expect(link.status).toBe(200);
    await google.save(link.json.saveUrl);
    expect(google.objects.get(objectId)).toMatchObject({ hasUsers: true, loyaltyPoints: { balance: { int: 0 } } });

    google.state.down = true;
    const purchase = await call(token, 'POST', `/api/tenants/member/${memberId}/transactions`, {
      type: 'PURCHASE',
      amount: 10,
    });
    expect(purchase.status).toBe(201);
    server.kill();
    await server.exited();
    const taken = () =>
      google.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith(objectId) && c.status === 200);
    expect(taken()).toEqual([]);

    google.state.down = false;
    await server.start(issuer.env);
    // A job the killed server was running is retried once its expiry (60 s) has passed; one waiting for its
    // retry runs when that is due. Either way Google hears of the purchase, with an update notice.
    expect(await eventually(() => taken().length > 0, 100_000)).toBe(true);
    expect(taken()[0]?.body).toMatchObject({
      notifyPreference: 'NOTIFY_ON_UPDATE',
      loyaltyPoints: { balance: { int: 100 } },
    });
    expect(google.objects.get(objectId)).toMatchObject({ loyaltyPoints: { balance: { int: 100 } } });
  }, 180_000);
});
