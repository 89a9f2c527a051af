import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine } from '../../test/helpers';
import { createDatabase, type Database, type DatabaseHandle } from './client';

const DESIGN_TABLES = [
  'accounts',
  'api_keys',
  'audit_events',
  'enrolment_settings',
  'google_wallet_classes',
  'google_wallet_objects',
  'imports',
  'members',
  'membership_tiers',
  'pass_settings',
  'points_conversion_settings',
  'store_settings',
  'tenant_users',
  'tenants',
  'uploads',
  'wallet_pass_tokens',
  'wallet_passes',
  'wallet_registrations',
  'webhook_deliveries',
  'webhook_endpoints',
];

/** Rows of a raw query: postgres-js answers an array, PGlite an object with rows. */
async function query<T>(db: Database, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

async function publicTables(db: Database): Promise<string[]> {
  const rows = await query<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

async function appliedMigrations(db: Database): Promise<number> {
  const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n);
}

// Each test starts an embedded database of its own from scratch (no template): seconds each on a busy machine.
describe('migrations', { timeout: 90_000 }, () => {
  let fresh: DatabaseHandle;
  beforeAll(() => {
    fresh = createDatabase({ dataDir: ':memory:' });
  });
  afterAll(() => fresh.close());

  it('a fresh PGlite has no tables before migrating', async () => {
    const scratch = createDatabase({ dataDir: ':memory:' });
    expect(await publicTables(scratch.db)).toEqual([]);
    await scratch.close();
  });

  it('migrate creates every table of the design on a fresh in-memory PGlite', async () => {
    await fresh.migrate();
    expect(await publicTables(fresh.db)).toEqual(expect.arrayContaining(DESIGN_TABLES));
    expect(await appliedMigrations(fresh.db)).toBeGreaterThan(0);
  });

  it('migrating twice is a no-op', async () => {
    await fresh.migrate();
    const tables = await publicTables(fresh.db);
    const applied = await appliedMigrations(fresh.db);
    await fresh.migrate();
    expect(await publicTables(fresh.db)).toEqual(tables);
    expect(await appliedMigrations(fresh.db)).toBe(applied);
  });

  it('every tenant-data table carries tenant_id', async () => {
    await fresh.migrate();
    const rows = await query<{ table_name: string }>(
      fresh.db,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'tenant_id'`,
    );
    const withTenant = rows.map((r) => r.table_name);
    const tenantData = DESIGN_TABLES.filter((t) => t !== 'tenants' && t !== 'accounts');
    expect(withTenant).toEqual(expect.arrayContaining(tenantData));
  });

  it.runIf(engine === 'postgres')('the PostgreSQL test database has every table of the design', async () => {
    const app = await buildTestApp();
    try {
      expect(app.database.engine).toBe('postgres');
      expect(await publicTables(app.database.db)).toEqual(expect.arrayContaining(DESIGN_TABLES));
      const applied = await appliedMigrations(app.database.db);
      await app.database.migrate();
      expect(await appliedMigrations(app.database.db)).toBe(applied);
    } finally {
      await app.close();
    }
  });
});
