import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { engine } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';
import { generatedImage } from './support/uploads';

const scripts = fileURLToPath(new URL('../../../scripts/', import.meta.url));

/** npm run backup / restore as a user runs them: the script, DATA_DIR, a file; its exit code and output. */
function runScript(name: 'backup' | 'restore', dataDir: string, file: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [join(scripts, `${name}.mjs`), file], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
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

/** Every row of every table of the app's schema, as JSON lines per table, read with the server stopped. */
async function allRows(dataDir: string): Promise<Map<string, Set<string>>> {
  const handle = createDatabase({ dataDir });
  try {
    const rowsOf = (r: unknown) =>
      (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Record<string, unknown>[];
    const tables = rowsOf(
      await handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    ).map((r) => String(r.table_name));
    const all = new Map<string, Set<string>>();
    for (const table of tables) {
      const rows = rowsOf(await handle.db.execute(sql.raw(`select * from "${table}"`)));
      all.set(table, new Set(rows.map((row) => JSON.stringify(row))));
    }
    return all;
  } finally {
    await handle.close();
  }
}

/** Each file under the folders a backup carries, with its bytes (base64). */
function filesUnder(dataDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dataDir, path), readFileSync(path).toString('base64'));
    }
  };
  for (const folder of ['uploads', 'wallet-dev', 'auth-emulator'])
    if (existsSync(join(dataDir, folder))) walk(join(dataDir, folder));
  return files;
}

const eventually = async (check: () => boolean) => {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  return check();
};

/**
 * The backup's "done when" (docs/design.md §9): data made, backed up while the server writes, wiped, restored, every row and upload
 * back. Embedded PGlite only (PostgreSQL deployments back up with pg_dump: docs/backups.md).
 */
describe.runIf(engine === 'pglite')('npm run backup and npm run restore (embedded PGlite)', () => {
  const root = mkdtempSync(join(tmpdir(), 'lp-backup-'));
  const dataDir = join(root, 'data');
  const file = join(root, 'backups', 'loyalty.tar.gz');
  const server = spawnedServer(dataDir, { RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
  const { call } = server;
  afterAll(() => {
    server.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it('takes a consistent backup while the server writes, refuses to restore over it running, and brings every row and file back', async () => {
    // The emulator's accounts as npm start keeps them in the data folder.
    mkdirSync(join(dataDir, 'auth-emulator', 'auth_export'), { recursive: true });
    writeFileSync(
      join(dataDir, 'auth-emulator', 'auth_export', 'accounts.json'),
      JSON.stringify({
        kind: 'identitytoolkit#DownloadAccountResponse',
        users: [{ localId: 'u1', phoneNumber: '+85291234567' }],
      }),
    );
    await server.start();
    const token = await businessOverHttp(call, 'Backup Bakery');
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const m = await call(token, 'POST', '/api/tenants/member', { firstName: 'Ada', lastName: `Kept ${i}` });
      expect(m.status).toBe(201);
      made.push(m.json.userId);
      expect(
        (
          await call(token, 'POST', `/api/tenants/member/${m.json.userId}/transactions`, {
            type: 'PURCHASE',
            amount: 12.5 + i,
          })
        ).status,
      ).toBe(201);
    }
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await generatedImage('png'))], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${server.base}/api/oci-object-storage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);

    // The server keeps writing members while the backup is taken.
    const written: { id: string; started: number; done: number }[] = [];
    let writing = true;
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const started = Date.now();
        const res = await call(token, 'POST', '/api/tenants/member', { firstName: 'Wen', lastName: `Writer ${n}` });
        if (res.status === 201) written.push({ id: res.json.userId, started, done: Date.now() });
      }
    })();
    expect(await eventually(() => written.length >= 3)).toBe(true);
    const backupStarted = Date.now();
    const backedUp = await runScript('backup', dataDir, file);
    const backupEnded = Date.now();
    expect(backedUp.out).toContain('from the running server');
    expect(backedUp.code).toBe(0);
    expect(await eventually(() => written.some((w) => w.started > backupEnded))).toBe(true);
    writing = false;
    await writer;
    const duringBackup = written.filter((w) => w.done > backupStarted && w.started < backupEnded);
    expect(duringBackup.length).toBeGreaterThan(0);

    // Restore refuses while a server uses the folder, and changes nothing.
    const refused = await runScript('restore', dataDir, file);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is using');
    expect(refused.out).toContain('nothing was changed');

    server.kill();
    await server.exited();
    const before = await allRows(dataDir);
    const filesBefore = filesUnder(dataDir);
    rmSync(dataDir, { recursive: true, force: true });

    const restored = await runScript('restore', dataDir, file);
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
    const after = await allRows(dataDir);

    // Tables the writer never touched: exactly as they were.
    for (const table of [
      'tenants',
      'accounts',
      'tenant_users',
      'uploads',
      'points_ledger',
      'points_lots',
      'points_conversion_settings',
    ]) {
      expect([...(after.get(table) ?? [])].sort(), table).toEqual([...(before.get(table) ?? [])].sort());
    }
    expect(after.get('uploads')?.size).toBe(1);
    expect(after.get('points_ledger')?.size).toBe(4);
    // Every other table: the rows of one instant during the writes, each as it was then.
    for (const [table, rows] of after) {
      // Counters updated in place as members are added (the insights' daily figures too): their backup value is
      // the one instant's, which the rows read at the end have moved past.
      const counters = [
        'member_counts',
        'list_version_shards',
        'member_code_counters',
        'insights_daily',
        'insights_active',
      ];
      if (counters.includes(table)) continue;
      const stale = [...rows].filter((row) => !before.get(table)?.has(row));
      expect(stale, table).toEqual([]);
    }
    const ids = new Set([...(after.get('members') ?? [])].map((row) => JSON.parse(row).id as string));
    for (const id of made) expect(ids.has(id)).toBe(true);
    for (const w of written.filter((w) => w.done < backupStarted)) expect(ids.has(w.id)).toBe(true);
    for (const w of written.filter((w) => w.started > backupEnded)) expect(ids.has(w.id)).toBe(false);
    // One instant: the kept member count is the members' count, not a torn read of the two.
    const counts = [...(after.get('member_counts') ?? [])].map((row) => JSON.parse(row) as { total: number });
    expect(counts.map((c) => c.total)).toEqual([ids.size]);

    // Uploads, development wallet keys and the emulator's accounts, byte for byte.
    const filesAfter = filesUnder(dataDir);
    expect(filesAfter).toEqual(filesBefore);
    expect([...filesAfter.keys()].some((f) => f.startsWith('uploads'))).toBe(true);
    expect(filesAfter.has(join('auth-emulator', 'auth_export', 'accounts.json'))).toBe(true);
  }, 480_000);
});
