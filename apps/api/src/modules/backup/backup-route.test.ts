import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('answers the database as a gzipped tar to the secret, and nothing without it', async () => {
    const backup = (token?: string) =>
      app.inject({ method: 'POST', url: '/api/internal/backup', headers: token ? { 'x-backup-token': token } : {} });
    expect((await backup()).statusCode).toBe(403);
    expect((await backup('the-data-folders-secreT')).statusCode).toBe(403);
    const res = await backup('the-data-folders-secret');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    // A tar of the PGlite folder: its first entry is a file of PostgreSQL's data directory.
    const tar = gunzipSync(res.rawPayload);
    expect(tar.subarray(257, 262).toString()).toBe('ustar');
    expect(tar.toString('latin1')).toContain('PG_VERSION');
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
