import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { type ApnsStandIn, localTls, startApnsStandIn } from '../src/modules/wallet/apns-stand-in';
import { loadWalletCredentials } from '../src/modules/wallet/certificates';
import { eventually, unzipPass } from '../src/modules/wallet/wallet-test-support';
import { emulatorHost, engine, linkPhone, PROJECT_ID, signUp, testConfig, uniquePhone } from './helpers';

/**
 * The push a purchase enqueues survives SIGKILL: the real server is killed after the purchase is acknowledged
 * and before APNs could take the push (the stand-in is not even listening yet); once the server is back, with
 * APNs up, the device gets its push.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));

describe(`wallet push across a SIGKILL on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-wallet-crash-'));
  const queueSchema = `pgboss_t${randomBytes(4).toString('hex')}`;
  let server: ChildProcess | undefined;
  let apns: ApnsStandIn | undefined;
  let base = '';
  afterAll(async () => {
    server?.kill('SIGKILL');
    await apns?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(apnsUrl: string, caFile: string) {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.WALLET_CRASH_LOG ? 'info' : 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        APNS_URL: apnsUrl,
        APNS_CA_FILE: caFile,
        JOB_QUEUE_SCHEMA: queueSchema,
        ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { DATABASE_URL: '' }),
      },
      stdio: process.env.WALLET_CRASH_LOG ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    });
    const up = await eventually(async () => {
      try {
        return (await fetch(`${base}/api/ready`)).ok;
      } catch {
        return false;
      }
    }, 60_000);
    if (!up) throw new Error('server did not start');
  }

  const exited = (child: ChildProcess | undefined) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  it('delivers the push of an acknowledged purchase once the killed server is back', async () => {
    // The chain the server will use (made here first, in its DATA_DIR) holds the key the stand-in checks.
    const credentials = loadWalletCredentials(testConfig({ DATA_DIR: dataDir }).wallet);
    const tls = localTls();
    const caFile = join(dataDir, 'apns-ca.pem');
    writeFileSync(caFile, tls.caCert);
    const apnsPort = await freePort();
    await start(`https://127.0.0.1:${apnsPort}`, caFile);

    const user = await signUp();
    const reg = await call(user.idToken, 'POST', '/api/onboarding/register', {
      businessName: 'Crash Cafe',
      industry: 'Retail & E-commerce',
      email: user.email,
      firstName: 'Ada',
      lastName: 'Crash',
      phone: uniquePhone(),
    });
    expect(reg.status).toBe(200);
    const token = await linkPhone(user.idToken, uniquePhone());
    expect((await call(token, 'POST', '/api/onboarding/activate', { tenantId: reg.json.tenantId })).status).toBe(200);
    const settings = await call(token, 'POST', '/api/points-conversion', {
      earnRateAmount: 1,
      earnRatePoints: 10,
      redeemRatePoints: 100,
      redeemRateAmount: 1,
      expiryType: 'NEVER',
      isActive: true,
      description: '',
    });
    expect(settings.status).toBe(200);
    const member = await call(token, 'POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Member' });
    expect(member.status).toBe(201);
    const memberId = member.json.userId as string;

    const download = await fetch(`${base}/api/tenants/member/${memberId}/passes/apple`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    const pass = JSON.parse(
      unzipPass(Buffer.from(await download.arrayBuffer())).files['pass.json']?.toString() ?? '{}',
    );
    const registered = await fetch(
      `${base}/api/passkit/v1/devices/crash-device/registrations/${pass.passTypeIdentifier}/${memberId}`,
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
    server?.kill('SIGKILL');
    await exited(server);

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
