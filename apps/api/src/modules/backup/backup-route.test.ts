import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine, testConfig } from '../../../test/helpers';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';

/** The running server's side of npm run backup (embedded PGlite on disk): only with the data folder's secret. */
describe.runIf(engine === 'pglite')('POST /api/internal/backup', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-backup-route-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = createDatabase({ dataDir: dir });
    await database.migrate();
    app = await buildApp(testConfig(), { database, backupToken: 'the-data-folders-secret' });
    app.addHook('onClose', () => database.close());
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the database as an uncompressed tar to the secret, and nothing without it', async () => {
    const backup = (token?: string) =>
      app.inject({ method: 'POST', url: '/api/internal/backup', headers: token ? { 'x-backup-token': token } : {} });
    expect((await backup()).statusCode).toBe(403);
    expect((await backup('the-data-folders-secreT')).statusCode).toBe(403);
    const res = await backup('the-data-folders-secret');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    // A tar of the PGlite folder, not compressed (PGlite's lock is held only for the copy): its first entry is a
    // file of PostgreSQL's data directory.
    const tar = res.rawPayload;
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tar.toString('latin1')).toContain('PG_VERSION');
    // What statements waited for, for npm run backup to print.
    expect(res.headers['server-timing']).toMatch(
      /checkpoint;dur=\d+, copy;dur=\d+, locked;dur=\d+, lockedbytes;desc=\d+/,
    );
    // The copy the tar was written from is gone once sent: it holds every customer.
    await expect.poll(() => readdirSync(dir).filter((name) => name.startsWith('.backup-copy-'))).toEqual([]);
  });

  it('answers /api/ready while a backup holds the database, without waiting for it (docs/design.md §10)', async () => {
    // The copy's pass under PGlite's lock (db/pglite-backup.ts), held open until the test lets it go.
    let lockTaken!: () => void;
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const exclusive = PGlite.prototype.runExclusive;
    const dump = vi.spyOn(PGlite.prototype, 'runExclusive').mockImplementation(function <T>(
      this: PGlite,
      fn: () => Promise<T>,
    ) {
      return exclusive.call(this, async () => {
        lockTaken();
        await released;
        return fn();
      });
    });
    try {
      const backup = app.inject({
        method: 'POST',
        url: '/api/internal/backup',
        headers: { 'x-backup-token': 'the-data-folders-secret' },
      });
      await taken;
      const ready = await app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok' });
      release();
      expect((await backup).statusCode).toBe(200);
    } finally {
      release();
      dump.mockRestore();
    }
  });

  it('refuses a caller that is not on this machine', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/internal/backup',
      headers: { 'x-backup-token': 'the-data-folders-secret' },
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(403);
  });
});
