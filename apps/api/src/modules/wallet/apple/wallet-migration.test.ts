import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { createDatabase, type DatabaseHandle } from '../../../db/client';
import { loadWalletCredentials } from './certificates';

const migrations = fileURLToPath(new URL('../../../db/migrations', import.meta.url));

/** The migrations folder as it was before 0020: the same files, the journal cut after 0019. */
function foldersBefore0020(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lp-before-0020-'));
  cpSync(migrations, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0020');
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * Migration 0020 on a database that has wallets already: a pass on more than 10 devices keeps its
 * first 10, and a device holding a random token from before keeps working.
 */
describe('wallet data across migration 0020', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const passType = loadWalletCredentials(testConfig().wallet).passTypeId;
  const memberId = 'mem-before-0020';
  const oldToken = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    database = createDatabase({ dataDir: ':memory:' });
    await migrate(database.db as never, { migrationsFolder: foldersBefore0020() });
    await database.db.execute(
      sql`insert into tenants (id, business_name, industry) values ('t-0020', 'Old Shop', 'cafe')`,
    );
    await database.db.execute(sql`insert into wallet_passes (member_id, tenant_id) values (${memberId}, 't-0020')`);
    await database.db.execute(
      sql`insert into wallet_pass_tokens (token_hash, member_id, tenant_id)
          values (${createHash('sha256').update(oldToken).digest('hex')}, ${memberId}, 't-0020')`,
    );
    for (let i = 0; i < 12; i++) {
      await database.db.execute(sql`insert into wallet_registrations
        (device_library_id, pass_type_id, member_id, tenant_id, push_token, created_at)
        values (${`old-device-${String(i).padStart(2, '0')}`}, ${passType}, ${memberId}, 't-0020', ${`oldToken${i}`},
                now() - make_interval(mins => ${60 - i}))`);
    }
    await database.migrate();
    app = await buildApp(testConfig(), { database });
    app.addHook('onClose', () => database.close());
  });
  afterAll(() => app?.close());

  const register = (device: string, token = oldToken) =>
    app.inject({
      method: 'POST',
      url: `/api/passkit/v1/devices/${device}/registrations/${passType}/${memberId}`,
      headers: { authorization: `ApplePass ${token}` },
      payload: { pushToken: 'renewed1' },
    });

  it('keeps the first 10 devices of a pass that had more, and the random token installed before', async () => {
    const result: unknown = await database.db.execute(
      sql`select device_library_id as d from wallet_registrations where member_id = ${memberId} order by 1`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { d: string }[] }).rows;
    expect(rows.map((r: { d: string }) => r.d)).toEqual(
      Array.from({ length: 10 }, (_, i) => `old-device-${String(i).padStart(2, '0')}`),
    );
    // The old token still authorizes: a device already registered renews (200), a new one meets the cap (403).
    expect((await register('old-device-00')).statusCode).toBe(200);
    expect((await register('new-device')).statusCode).toBe(403);
    expect((await register('old-device-01', 'x'.repeat(43))).statusCode).toBe(401);
  });
});
