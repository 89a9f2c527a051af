import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';

/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a burst of writes (purchases,
 * tier creations, tier edits), restarted on the same data, and every write it acknowledged must be there, with
 * no half-written record: balances equal their ledgers, spend equals the purchases, nothing twice.
 */
describe(`crash safety on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-crash-'));
  const server = spawnedServer(dataDir, { RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  const { call } = server;
  afterAll(() => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and no half-written record across a SIGKILL', async () => {
    await server.start();
    const token = await businessOverHttp(call, 'Crash Bakery');
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
        server.kill();
        killed = true;
      }
    }
    await Promise.allSettled(inFlight);
    expect(killed).toBe(true);
    expect(acknowledged.purchases.length + acknowledged.tiers.length).toBeGreaterThan(0);
    await server.exited();

    await server.start();
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
