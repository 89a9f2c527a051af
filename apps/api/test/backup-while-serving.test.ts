import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { engine } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * Members (with their purchases, redemptions and lots) seeded before the backup. The backup command alone takes
 * over a second (a Node start), so probes land inside it at any size; the 100,000-member figures are the
 * benchmark's (npm run bench:import). With 10,000 this file took 81–118 s of the suite on a quiet machine,
 * with 2,000 it takes 39 s (29 Nov).
 */
const MEMBERS = 2_000;

/** A command of the repository as a user runs it; its exit code and output. */
function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: repo, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

type Probe = { started: number; done: number; status: number };

/** The same request again and again, one at a time, until stopped; every answer kept with its instants. */
function probing(request: (n: number) => Promise<number>) {
  const answers: Probe[] = [];
  let going = true;
  const loop = (async () => {
    for (let n = 0; going; n++) {
      const started = Date.now();
      const status = await request(n).catch(() => 0);
      answers.push({ started, done: Date.now(), status });
    }
  })();
  return {
    answers,
    async stop() {
      going = false;
      await loop;
      return answers;
    },
  };
}

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 2400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
};

async function membersIn(dataDir: string): Promise<number> {
  const database = createDatabase({ dataDir });
  try {
    const rows = (await database.db.execute(sql`select count(*)::int as n from members`)) as unknown as {
      rows: { n: number }[];
    };
    return rows.rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * docs/design.md §10: a backup of the embedded database does not stop the shop. With a seeded database and
 * readiness, read and write probes running, `npm run backup` completes, /api/ready never fails, reads and writes
 * complete while it runs, and the file is its owner's alone. How long anything waited is the benchmark's
 * figure (npm run bench:import), not asserted here.
 */
describe.runIf(engine === 'pglite')('npm run backup of a seeded database while the shop is open', () => {
  const root = mkdtempSync(join(tmpdir(), 'lp-backup-serving-'));
  const dataDir = join(root, 'data');
  const file = join(root, 'backups', 'loyalty.tar.gz');
  const server = spawnedServer(dataDir, { RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  const { call } = server;
  afterAll(() => {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps /api/ready answering and completes reads and writes during the backup; the file is 0600', async () => {
    await server.start();
    const token = await businessOverHttp(call, 'Busy Backup Bakery');
    const { tenantId } = (await call(token, 'GET', '/api/members/me')).json as { tenantId: string };
    server.kill();
    await server.exited();
    const seeded = await run(['--import', 'tsx', 'bench/seed.ts', 'pglite', dataDir, tenantId, String(MEMBERS)]);
    expect(seeded.code, seeded.out).toBe(0);
    await server.start();

    const ready = probing(async () => (await fetch(`${server.base}/api/ready`)).status);
    const reads = probing(
      async (n) => (await call(token, 'GET', `/api/tenants/member?page=${1 + (n % 50)}&search=Olivia`)).status,
    );
    const writes = probing(
      async (n) =>
        (await call(token, 'POST', '/api/tenants/member', { firstName: 'Wen', lastName: `Probe ${n}` })).status,
    );
    expect(await eventually(() => writes.answers.length >= 3 && reads.answers.length >= 3)).toBe(true);
    // A file already there, readable by everyone: the backup replaces it rather than writing into it.
    mkdirSync(join(root, 'backups'), { recursive: true });
    writeFileSync(file, 'an older backup', { mode: 0o644 });
    const started = Date.now();
    const backedUp = await run(['scripts/backup.mjs', file], { DATA_DIR: dataDir });
    const ended = Date.now();
    expect(backedUp.out).toContain('from the running server');
    expect(backedUp.code).toBe(0);
    const after = (probe: { answers: Probe[] }) => () => probe.answers.some((p) => p.started > ended);
    expect(await eventually(() => after(ready)() && after(reads)() && after(writes)())).toBe(true);
    const [readyAnswers, readAnswers, writeAnswers] = await Promise.all([ready.stop(), reads.stop(), writes.stop()]);

    const during = (answers: Probe[]) => answers.filter((p) => p.done > started && p.done < ended);
    expect(readyAnswers.filter((p) => p.status !== 200)).toEqual([]);
    expect(during(readyAnswers).length).toBeGreaterThan(0);
    expect(readAnswers.filter((p) => p.status !== 200)).toEqual([]);
    expect(during(readAnswers).length).toBeGreaterThan(0);
    expect(writeAnswers.filter((p) => p.status !== 201)).toEqual([]);
    expect(during(writeAnswers).length).toBeGreaterThan(0);

    // Readable and writable by its owner only, and nothing left beside it.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, 'backups'))).toEqual(['loyalty.tar.gz']);

    // Restores: every seeded member and the ones written before the backup began.
    server.kill();
    await server.exited();
    const restoredDir = join(root, 'restored');
    const restored = await run(['scripts/restore.mjs', file], { DATA_DIR: restoredDir });
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(await membersIn(restoredDir)).toBeGreaterThanOrEqual(
      MEMBERS + writeAnswers.filter((p) => p.done < started).length,
    );
  }, 600_000);

  it('still restores a backup of the first format, whose database is gzipped inside', async () => {
    // The file of the test above, repacked as npm run backup wrote it before (version 1: pglite.tar.gz).
    const unpacked = join(root, 'v1');
    mkdirSync(unpacked, { recursive: true });
    await tar.x({ file, cwd: unpacked });
    const database = join(root, 'pglite');
    mkdirSync(database);
    await tar.x({ file: join(unpacked, 'pglite.tar'), cwd: database });
    await tar.c({ gzip: true, file: join(unpacked, 'pglite.tar.gz'), cwd: database }, readdirSync(database));
    rmSync(join(unpacked, 'pglite.tar'));
    const old = join(root, 'old.tar.gz');
    await tar.c({ gzip: true, file: old, cwd: unpacked }, readdirSync(unpacked));

    const restoredDir = join(root, 'restored-v1');
    const restored = await run(['scripts/restore.mjs', old], { DATA_DIR: restoredDir });
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
    expect(await membersIn(restoredDir)).toBeGreaterThanOrEqual(MEMBERS);
  }, 300_000);
});
