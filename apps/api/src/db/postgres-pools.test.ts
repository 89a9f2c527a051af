import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine } from '../../test/helpers';
import { genericPlans } from './client';

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows: Row[] }).rows ?? []));

/** The API's PostgreSQL connections (postgres-pools.ts): statements prepared by default, the list pool's plans. */
describe.skipIf(engine !== 'postgres')('PostgreSQL pools', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('a statement with parameters is prepared on its connection, in a transaction too, and run again by name', async () => {
    const { db } = app.database;
    const marker = `prepared-${Date.now()}`;
    const seen = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`select ${marker}::text as marker, ${i}::int as i`);
      // The session's own prepared statements: the one above is there once, whatever the number of runs.
      return rowsOf(
        await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%::text as marker, $2::int as i%`}`,
        ),
      );
    });
    expect(seen[0]?.n).toBe(1);
  });

  it('the list pool plans once and walks indexes only; the main pool keeps the default planning', async () => {
    const { db } = app.database;
    const settings = sql`select current_setting('plan_cache_mode') as mode, current_setting('enable_hashjoin') as hash,
      current_setting('enable_seqscan') as seq, current_setting('enable_mergejoin') as merge`;
    const [list] = rowsOf(await genericPlans(db).execute(settings));
    const [main] = rowsOf(await db.execute(settings));
    expect(list).toEqual({ mode: 'force_generic_plan', hash: 'off', seq: 'off', merge: 'off' });
    expect(main).toEqual({ mode: 'auto', hash: 'on', seq: 'on', merge: 'on' });
  });
});
