import { randomUUID } from 'node:crypto';
import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../test/helpers';
import { createDatabase, type DatabaseHandle, writeEpoch } from './client';
import { usePreparedStatements } from './pglite-prepared';
import { members, tenants } from './schema';
import { uniqueField } from './unique-field';

/** What drizzle's PGlite session passes for rows it maps itself (drizzle-orm/pglite/session.js). */
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMPTZ]: (v: string) => v,
    [types.TIMESTAMP]: (v: string) => v,
    [types.DATE]: (v: string) => v,
  },
};

const preparedNames = async (client: Pick<PGlite, 'query'>) =>
  (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (r) => r.name,
  );

// The embedded engine's own path: nothing here runs on PostgreSQL.
describe.skipIf(engine === 'postgres')('PGlite prepared statements', () => {
  let database: DatabaseHandle;
  let client: PGlite;
  /** PGlite's own query(), bound before the prepared path was installed. */
  let plain: PGlite['query'];
  let tenantId: string;

  beforeAll(async () => {
    database = createDatabase({ dataDir: ':memory:' });
    await database.migrate();
    client = (database.db as unknown as { $client: PGlite }).$client;
    plain = database.pglite?.query as PGlite['query'];
    tenantId = randomUUID();
    await database.db.insert(tenants).values({ id: tenantId, businessName: 'Prepared', industry: 'Retail' });
  });
  afterAll(() => database.close());

  it('gives what plain PGlite gives, for timestamps, numerics, JSON, arrays and nulls, in both row modes', async () => {
    const text = `select $1::timestamptz as at, $2::numeric as amount, $3::jsonb as doc, $4::text as nothing,
      $5::int[] as list, $6::date as day, $7::bool as yes, $8::bigint as big`;
    const params = [
      new Date('2024-03-04T05:06:07.089Z'),
      '12.50',
      { a: [1, 'x'] },
      null,
      [1, 2],
      '2024-01-02',
      true,
      9,
    ];
    for (const options of [undefined, drizzleOptions]) {
      const expected = await plain(text, params, options);
      // Twice: the first call prepares the statement, the second only binds and executes it.
      expect(await client.query(text, params, options)).toEqual(expected);
      expect(await client.query(text, params, options)).toEqual(expected);
    }
    // A write's result (command, affected rows, no fields) as well.
    const update = 'update members set first_name = first_name where id = $1';
    expect(await client.query(update, ['nobody'])).toEqual(await plain(update, ['nobody']));
    expect(await preparedNames(client)).not.toHaveLength(0);
  });

  it('returns the rows drizzle maps (array mode, its own parsers) as the transaction path does', async () => {
    const id = randomUUID();
    await database.db
      .insert(members)
      .values({ id, tenantId, firstName: 'Ada', lastName: 'Lee', phone: '+85290000001', membershipCode: 'P0001' });
    await database.db.update(members).set({ lifetimeSpend: '12.34' }).where(eq(members.id, id));
    const read = () => database.db.select().from(members).where(eq(members.id, id));
    const [row] = await read();
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.lifetimeSpend).toBe('12.34');
    expect(await read()).toEqual(
      await database.db.transaction((tx) => tx.select().from(members).where(eq(members.id, id))),
    );
    const counted = await database.db.execute(
      sql`select count(*)::int as n from members where tenant_id = ${tenantId}`,
    );
    expect((counted as unknown as { rows: unknown[] }).rows).toEqual([{ n: 1 }]);
  });

  it('surfaces a unique violation as PGlite does, and the session goes on', async () => {
    const values = { tenantId, firstName: 'Bo', lastName: 'Ng', phone: '+85290000002' };
    await database.db.insert(members).values({ id: randomUUID(), membershipCode: 'P0002', ...values });
    const error = await database.db
      .insert(members)
      .values({ id: randomUUID(), membershipCode: 'P0003', ...values })
      .catch((e: unknown) => e);
    expect(uniqueField(error)).toBe('phone');
    const cause = (error as { cause?: { code?: string; query?: string; params?: unknown[] } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.query).toContain('insert into "members"');
    expect(cause?.params).toContain('+85290000002');
    const syntax = await client.query('selec $1', [1]).catch((e: { code?: string }) => e);
    expect((syntax as { code?: string }).code).toBe('42601');
    expect((await client.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('leaves pattern matches to PGlite, planned for each pattern', async () => {
    const before = await preparedNames(client);
    expect((await client.query('select $1::text ilike $2 as hit', ['Bo Ng', '%ng%'])).rows).toEqual([{ hit: true }]);
    expect((await client.query('select $1::text ~ $2 as hit', ['Bo Ng', 'N.$'])).rows).toEqual([{ hit: true }]);
    expect(await preparedNames(client)).toEqual(before);
    expect((await client.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
  });

  it('moves the write epoch on writes through the prepared path, never on reads', async () => {
    const epoch = () => writeEpoch(database.db) as number;
    const id = randomUUID();
    const before = epoch();
    await database.db.select().from(members).where(eq(members.tenantId, tenantId));
    await database.db.select().from(members).where(eq(members.tenantId, tenantId));
    expect(epoch()).toBe(before);
    await database.db
      .insert(members)
      .values({ id, tenantId, firstName: 'Cy', lastName: 'Ho', phone: '+85290000003', membershipCode: 'P0004' });
    expect(epoch()).toBe(before + 1);
    await database.db.update(members).set({ firstName: 'Cyd' }).where(eq(members.id, id));
    expect(epoch()).toBe(before + 2);
    // A failed write counts as well: it ran, whatever it changed.
    await database.db
      .update(members)
      .set({ phone: '+85290000002' })
      .where(eq(members.id, id))
      .catch(() => {});
    expect(epoch()).toBe(before + 3);
  });
});

describe('PGlite prepared statements on a bare client', () => {
  let client: PGlite;
  let prepared: () => number;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    prepared = usePreparedStatements(client, { maxStatements: 3 });
  });
  afterAll(() => client.close());

  it('keeps at most maxStatements prepared, closing the least recently used on the server', async () => {
    for (let i = 0; i < 10; i++)
      expect((await client.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect(prepared()).toBe(3);
    expect(await preparedNames(client)).toHaveLength(3);
    // An evicted text is prepared again.
    expect((await client.query('select $1::int + 0 as n', [5])).rows).toEqual([{ n: 5 }]);
    expect(await preparedNames(client)).toHaveLength(3);
  });

  it('prepares a statement again when the schema changes its result, and when it was deallocated', async () => {
    await client.exec('create table t (a int)');
    await client.query('insert into t values ($1)', [1]);
    const text = 'select * from t where a = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table t add column b text');
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
    await client.exec('deallocate all');
    expect((await client.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
  });

  it('leaves statements without parameters, and transactions, to PGlite', async () => {
    const before = await preparedNames(client);
    await client.query('select 1 as one');
    await client.transaction((tx) => tx.query('select $1::int as n', [1]));
    expect(await preparedNames(client)).toEqual(before);
  });
});
