import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { loadWalletCredentials } from '../src/modules/wallet/apple/certificates';
import { engine, testConfig } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';
import { type ApnsStandIn, localTls, startApnsStandIn } from './support/apns-stand-in';
import { unzipPass } from './support/apple-wallet';
import { eventually } from './support/wallet';

/**
 * The push a purchase enqueues survives SIGKILL: the real server is killed after the purchase is acknowledged
 * and before APNs could take the push (the stand-in is not even listening yet); once the server is back, with
 * APNs up, the device gets its push.
 */
describe(`wallet push across a SIGKILL on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-wallet-crash-'));
  const server = spawnedServer(dataDir, {
    JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
    ...(process.env.WALLET_CRASH_LOG ? { LOG_LEVEL: 'info' } : {}),
  });
  const { call } = server;
  let apns: ApnsStandIn | undefined;
  afterAll(async () => {
    server.kill();
    await apns?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const start = (apnsUrl: string, caFile: string) => server.start({ APNS_URL: apnsUrl, APNS_CA_FILE: caFile });

  it('delivers the push of an acknowledged purchase once the killed server is back', async () => {
    // The chain the server will use (made here first, in its DATA_DIR) holds the key the stand-in checks.
    const credentials = loadWalletCredentials(testConfig({ DATA_DIR: dataDir }).wallet);
    const tls = localTls();
    const caFile = join(dataDir, 'apns-ca.pem');
    writeFileSync(caFile, tls.caCert);
    const apnsPort = await freePort();
    await start(`https://127.0.0.1:${apnsPort}`, caFile);

    const token = await businessOverHttp(call, 'Crash Cafe');
    const member = await call(token, 'POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Member' });
    expect(member.status).toBe(201);
    const memberId = member.json.userId as string;

    const download = await fetch(`${server.base}/api/tenants/member/${memberId}/passes/apple`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    const pass = JSON.parse(
      unzipPass(Buffer.from(await download.arrayBuffer())).files['pass.json']?.toString() ?? '{}',
    );
    const registered = await fetch(
      `${server.base}/api/passkit/v1/devices/crash-device/registrations/${pass.passTypeIdentifier}/${memberId}`,
      {
        method: 'POST',
        headers: { authorization: `ApplePass ${pass.authenticationToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pushToken: 'dddd5555' }),
      },
    );
    expect(registered.status).toBe(201);

    const purchase = await call(token, 'POST', `/api/tenants/member/${memberId}/transactions`, {
      type: 'PURCHASE',
      amount: 10,
    });
    expect(purchase.status).toBe(201);
    server.kill();
    await server.exited();

    apns = await startApnsStandIn({
      apnsKey: credentials.apns.key,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      topic: credentials.passTypeId,
      port: apnsPort,
      tls,
    });
    expect(apns.pushes).toEqual([]);
    await start(apns.url, caFile);
    const stand = apns;
    // A job the killed server had started is retried once its expiry (20 s) has passed; one still waiting
    // runs at once. Either way the device hears of the purchase.
    expect(await eventually(() => stand.pushes.some((p) => p.pushToken === 'dddd5555'), 90_000)).toBe(true);
  }, 180_000);
});
