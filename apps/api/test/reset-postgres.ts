import postgres from 'postgres';
import { createDatabase } from '../src/db/client';

/** TEST_DATABASE_URL names a database the tests own: it is emptied and migrated from scratch. */
export async function resetPostgres(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
  );
  // The job queue's schemas: pgboss, and the ones test apps start their queues in.
  const queues = await sql<{ name: string }[]>`select nspname as name from pg_namespace where nspname like 'pgboss%'`;
  for (const { name } of queues) await sql.unsafe(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
  await sql.end();
  const handle = createDatabase({ databaseUrl: url, dataDir: ':memory:' });
  await handle.migrate();
  await handle.close();
}
