import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { engine, testConfig } from '../../../test/helpers';
import { migratedTemplate } from '../../../test/pglite-template';
import { buildApp } from '../../app';
import { createDatabase, type DatabaseHandle } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { automations, tenants } from '../../db/schema';
import { runDailyAutomations } from './daily';

const CHILD = fileURLToPath(new URL('../../../test/support/daily-run-child.ts', import.meta.url));
const MEMBERS = 2_500;
const NOW = new Date('2026-06-15T04:00:00Z');

/** Waits for the child to say `word` `times` times on its standard output (or to end before). */
const said = (child: ChildProcess, word: string, times: number) =>
  new Promise<boolean>((resolve) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.split('\n').filter((line) => line === word).length >= times) resolve(true);
    });
    child.on('exit', () => resolve(false));
  });

/**
 * docs/design.md §10: "A restart midway gives nobody a second one." The day's run in a process of its own, killed
 * with SIGKILL as its second batch commits; a restart in another process fires each member exactly once.
 */
describe('the daily automations killed midway (kill -9)', () => {
  it('after a restart every member due has exactly one firing, one bonus and at most one message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-killed-run-'));
    // PostgreSQL: the run's migrated test database; PGlite: a folder on disk, from the run's migrated template.
    const open = (first = false): DatabaseHandle =>
      engine === 'postgres'
        ? createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: ':memory:' })
        : createDatabase({
            dataDir: dir,
            ...(first ? { startFrom: migratedTemplate(inject('pgliteTemplate')) } : {}),
          });
    let database = open(true);
    try {
      const db = database.db;
      const tenantId = randomUUID();
      await db
        .insert(tenants)
        .values({ id: tenantId, businessName: 'Killed run', industry: 'Retail', status: 'ACTIVE', timeZone: 'UTC' });
      // Every member's birthday is today; every other one consents to messages.
      await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, membership_code, birthday,
          marketing_opt_in)
        select ${tenantId} || '-m' || lpad(i::text, 5, '0'), ${tenantId}, 'Kill', i::text,
          'K' || substr(${tenantId}, 1, 8) || lpad(i::text, 5, '0'), '--06-15', i % 2 = 0
        from generate_series(1, ${MEMBERS}) as i`);
      await db.insert(automations).values({
        id: randomUUID(),
        tenantId,
        kind: 'BIRTHDAY',
        active: true,
        text: 'Happy birthday',
        bonusPoints: 10,
        days: 0,
      });
      // PGlite is one process's: the child opens the folder once this one has let go of it.
      if (engine === 'pglite') await database.close();

      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: {
          ...process.env,
          CHILD_TENANT: tenantId,
          CHILD_NOW: NOW.toISOString(),
          ...(engine === 'postgres' ? { CHILD_DATABASE_URL: process.env.TEST_DATABASE_URL } : { CHILD_DATA_DIR: dir }),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (_code, signal) => resolve(signal)),
      );
      // The second batch is about to commit, so the first has: the restart meets firings already made.
      expect(await said(child, 'batch', 2)).toBe(true);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      if (engine === 'pglite') database = open();
      const count = async (statement: ReturnType<typeof sql>) =>
        Number((await rowsOf<{ n: number | string }>(database.db, statement))[0]?.n);
      // Killed as its second batch committed: one or two batches of 1,000 are there, never the whole day.
      const before = await count(sql`select count(*) as n from automation_firings where tenant_id = ${tenantId}`);
      expect([1000, 2000]).toContain(before);

      const app = await buildApp(
        testConfig(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
        { database },
      );
      try {
        await app.ready();
        await app.jobs.start();
        const fired = await runDailyAutomations(database.db, app.automations.fireDeps(), NOW, [tenantId]);
        expect(fired).toEqual({ [tenantId]: MEMBERS - before });
        // A second run that day finds it finished.
        expect(await runDailyAutomations(database.db, app.automations.fireDeps(), NOW, [tenantId])).toEqual({});
        expect(
          await count(sql`select count(distinct member_id) as n from automation_firings where tenant_id = ${tenantId}`),
        ).toBe(MEMBERS);
        expect(await count(sql`select count(*) as n from automation_firings where tenant_id = ${tenantId}`)).toBe(
          MEMBERS,
        );
        // One BONUS entry each, and balances that add up to it.
        expect(
          await count(sql`select count(*) as n from (select member_id from points_ledger where tenant_id = ${tenantId}
            and type = 'BONUS' group by member_id having count(*) = 1) x`),
        ).toBe(MEMBERS);
        expect(await count(sql`select count(*) as n from points_ledger where tenant_id = ${tenantId}`)).toBe(MEMBERS);
        expect(
          await count(sql`select count(*) as n from members where tenant_id = ${tenantId} and points_balance = 10`),
        ).toBe(MEMBERS);
        // The message reached each consenting member once, and nobody else.
        expect(
          await count(sql`select count(distinct member_id) as n from message_targets where tenant_id = ${tenantId}`),
        ).toBe(MEMBERS / 2);
        expect(await count(sql`select count(*) as n from message_targets where tenant_id = ${tenantId}`)).toBe(
          MEMBERS / 2,
        );
      } finally {
        await app.close();
      }
    } finally {
      await database.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
