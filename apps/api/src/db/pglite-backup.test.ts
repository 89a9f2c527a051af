import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../test/helpers';
import { copyPgliteFolder, removeStaleCopies } from './pglite-backup';

/**
 * The backup's copy of the embedded database (docs/backups.md): consistent as of one instant between statements
 * while writes go on, and PGlite's lock held only for what changed during the first pass.
 */
describe.runIf(engine === 'pglite')('copyPgliteFolder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-pglite-copy-'));
  const folder = join(dataDir, 'pglite');
  let client: PGlite;
  beforeAll(async () => {
    // As client.ts opens a database on disk: pg_buffercache writes pages out before the checkpoint.
    client = new PGlite({ dataDir: folder, extensions: { pg_buffercache } });
    await client.exec(`
      create table entries (id integer primary key, body text not null);
      create index entries_body on entries (body);
      insert into entries select i, repeat(md5(i::text), 8) from generate_series(1, 20000) i;
    `);
  });
  afterAll(async () => {
    await client?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies nothing under the lock when nothing wrote meanwhile, and the copy opens as the database', async () => {
    const copy = await copyPgliteFolder(client, folder, dataDir);
    try {
      expect(copy.lockedBytes).toBe(0);
      // The pages the inserts changed were written out before the checkpoint, in batches.
      expect(copy.flushMs).toBeGreaterThan(0);
      // PostgreSQL's empty folders are there too: it does not start without them.
      expect(existsSync(join(copy.path, 'pg_tblspc'))).toBe(true);
      const restored = new PGlite({ dataDir: copy.path });
      try {
        const { rows } = await restored.query<{ n: number }>('select count(*)::int as n from entries');
        expect(rows[0]?.n).toBe(20000);
      } finally {
        await restored.close();
      }
    } finally {
      await copy.remove();
    }
    expect(existsSync(copy.path)).toBe(false);
  });

  it('is one instant of the database while transactions commit during the copy', async () => {
    let next = 20001;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const id = next;
        await client.transaction(async (tx) => {
          await tx.query('insert into entries values ($1, $2)', [id, `written during the copy ${id}`]);
          await tx.query('update entries set body = $2 where id = $1', [id - 20000, `changed ${id}`]);
        });
        next++;
        // Requests reach the server as I/O between statements; a loop of promises alone would never let a timer or
        // the copy's file operations run.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const committedBefore = next - 1;
    const copy = await copyPgliteFolder(client, folder, dataDir);
    const committedAfter = next;
    writing = false;
    await writer;
    try {
      // What changed during the first pass (at least the log's current segment) was copied again under the lock.
      expect(copy.lockedBytes).toBeGreaterThan(0);
      const restored = new PGlite({ dataDir: copy.path });
      try {
        const count = await restored.query<{ n: number; top: number }>(
          'select count(*)::int as n, max(id) as top from entries',
        );
        const { n, top } = count.rows[0] ?? { n: 0, top: 0 };
        // Every transaction committed before the copy is there, none after it, none in part.
        expect(top).toBeGreaterThanOrEqual(committedBefore);
        expect(top).toBeLessThanOrEqual(committedAfter);
        expect(n).toBe(top);
        const changed = await restored.query<{ n: number }>(
          "select count(*)::int as n from entries where body like 'changed %'",
        );
        expect(changed.rows[0]?.n).toBe(top - 20000);
        // The index agrees with the table.
        await restored.exec('set enable_seqscan = off; set enable_bitmapscan = off;');
        const byIndex = await restored.query<{ n: number }>(
          "select count(*)::int as n from entries where body >= 'changed' and body < 'changee'",
        );
        expect(byIndex.rows[0]?.n).toBe(top - 20000);
      } finally {
        await restored.close();
      }
    } finally {
      await copy.remove();
    }
  }, 60_000);

  it('removes copies a server left when it stopped in the middle of a backup', async () => {
    const copy = await copyPgliteFolder(client, folder, dataDir);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('.backup-copy-'))).toHaveLength(1);
    removeStaleCopies(dataDir);
    expect(existsSync(copy.path)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['pglite']);
  });
});
