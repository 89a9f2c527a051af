import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { genericPlans } from './client';
import { preparedStatements } from './prepared';
import { tenants } from './schema';

/** Statements built once and run on any handle (prepared.ts), on the engine the suite runs on. */
describe('statements built once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  let builds = 0;
  const nameOf = preparedStatements((db: typeof app.database.db, shape: string) => {
    builds++;
    return db
      .select({ name: tenants.businessName, shape: sql<string>`${shape}::text` })
      .from(tenants)
      .where(eq(tenants.id, sql.placeholder('id')))
      .prepare(`test_tenant_name_${shape}`);
  });
  const rename = preparedStatements((db: typeof app.database.db) =>
    db
      .update(tenants)
      .set({ businessName: sql`${sql.placeholder('name')}` })
      .where(eq(tenants.id, sql.placeholder('id')))
      .prepare('test_tenant_rename'),
  );

  it('run in transactions, on the database and on the list pool, each where it is run, built once per shape', async () => {
    const { db } = app.database;
    const id = `prepared-${Date.now()}`;
    await db.insert(tenants).values({ id, businessName: 'Before', industry: 'Retail' });
    builds = 0;

    // A rolled-back write made through the statement is gone: it ran on the transaction's connection.
    await expect(
      db.transaction(async (tx) => {
        await rename(tx).execute({ id, name: 'Rolled back' });
        expect(await nameOf(tx, 'a').execute({ id })).toEqual([{ name: 'Rolled back', shape: 'a' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await nameOf(db, 'a').execute({ id })).toEqual([{ name: 'Before', shape: 'a' }]);

    await db.transaction(async (tx) => {
      await rename(tx).execute({ id, name: 'Kept' });
    });
    expect(await nameOf(genericPlans(db), 'a').execute({ id })).toEqual([{ name: 'Kept', shape: 'a' }]);
    expect(await nameOf(db, 'b').execute({ id })).toEqual([{ name: 'Kept', shape: 'b' }]);
    // Shapes a and b, each once, whatever the handles and transactions that ran them.
    expect(builds).toBe(2);
  });

  it('two transactions at once each see their own write through the same statement', async () => {
    const { db } = app.database;
    const ids = [`prepared-a-${Date.now()}`, `prepared-b-${Date.now()}`];
    for (const id of ids) await db.insert(tenants).values({ id, businessName: 'Start', industry: 'Retail' });
    const seen = await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await rename(tx).execute({ id, name: `Name ${i}` });
          return nameOf(tx, 'a').execute({ id });
        }),
      ),
    );
    expect(seen.map((rows) => rows[0]?.name)).toEqual(['Name 0', 'Name 1']);
  });
});
