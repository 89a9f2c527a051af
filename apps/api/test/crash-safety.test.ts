import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { emulatorHost, engine, linkPhone, PROJECT_ID, signUp, uniquePhone } from './helpers';

/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a burst of writes (purchases,
 * tier creations, tier edits), restarted on the same data, and every write it acknowledged must be there, with
 * no half-written record: balances equal their ledgers, spend equals the purchases, nothing twice.
 */
const apiDir = fileURLToPath(new URL('..', import.meta.url));

describe(`crash safety on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-crash-'));
  let server: ChildProcess | undefined;
  let base = '';
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { DATABASE_URL: '' }),
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  /** Resolves once the process is gone; it may well have exited before anyone listened. */
  const exited = (child: ChildProcess | undefined) =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });

  const call = async (token: string, method: string, path: string, body?: unknown, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  it('keeps every acknowledged write and no half-written record across a SIGKILL', async () => {
    await start();
    const user = await signUp();
    const phone = uniquePhone();
    const reg = await call(user.idToken, 'POST', '/api/onboarding/register', {
      businessName: 'Crash Bakery',
      industry: 'Retail & E-commerce',
      email: user.email,
      firstName: 'Ada',
      lastName: 'Crash',
      phone,
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
    expect([200, 201]).toContain(member.status);
    const memberId = member.json.userId ?? member.json.id;

    // The burst: purchases with idempotency keys and tier creations, many in flight when the kill comes.
    const acknowledged = { purchases: [] as string[], tiers: [] as string[] };
    const inFlight: Promise<void>[] = [];
    let killed = false;
    for (let i = 0; i < 120; i++) {
      const key = randomUUID();
      const tierName = `Tier ${i} ${key.slice(0, 6)}`;
      inFlight.push(
        call(
          token,
          'POST',
          `/api/tenants/member/${memberId}/transactions`,
          { type: 'PURCHASE', amount: 10 },
          {
            'idempotency-key': key,
          },
        )
          .then((r) => {
            if (r.status < 300) acknowledged.purchases.push(key);
          })
          .catch(() => {}),
        call(token, 'POST', '/api/memberships', {
          name: tierName,
          minSpendAmount: 100000 + i * 10,
          maxSpendAmount: 100000 + i * 10 + 5,
          isActive: false,
        })
          .then((r) => {
            if (r.status < 300) acknowledged.tiers.push(tierName);
          })
          .catch(() => {}),
      );
      if (i === 60) {
        // Kill once some writes were acknowledged and others are still on the wire.
        await Promise.race([Promise.all(inFlight.slice(0, 40)), new Promise((r) => setTimeout(r, 3000))]);
        server?.kill('SIGKILL');
        killed = true;
      }
    }
    await Promise.allSettled(inFlight);
    expect(killed).toBe(true);
    expect(acknowledged.purchases.length + acknowledged.tiers.length).toBeGreaterThan(0);
    await exited(server);

    await start();
    const detail = await call(token, 'GET', `/api/tenants/member/${memberId}`);
    expect(detail.status).toBe(200);
    const ledger = await call(token, 'GET', `/api/tenants/member/${memberId}/transactions?size=100`);
    const entries = ledger.json.content as { type: string; points: number; amount?: number }[];
    const purchases = entries.filter((e) => e.type === 'PURCHASE');
    // Every acknowledged purchase is there once; unacknowledged ones may or may not be, but never twice.
    expect(purchases.length).toBeGreaterThanOrEqual(acknowledged.purchases.length);
    expect(purchases.length).toBeLessThanOrEqual(120);
    const balance = entries.reduce((sum, e) => sum + e.points, 0);
    expect(detail.json.pointsBalance).toBe(balance);
    expect(balance).toBe(purchases.length * 100);
    expect(Number(detail.json.lifetimeSpend)).toBe(purchases.length * 10);

    const tiers = await call(token, 'GET', '/api/memberships?size=100');
    const names = (tiers.json.content as { name: string }[]).map((t) => t.name);
    for (const name of acknowledged.tiers) expect(names).toContain(name);
  }, 180_000);
});
