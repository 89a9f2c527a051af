import postgres from 'postgres';
import { createDatabase } from '../src/db/client';

/** TEST_DATABASE_URL names a database the tests own: it is emptied and migrated from scratch. */
export async function resetPostgres(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  await sql.unsafe(
    'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;',
  );
  await sql.end();
  const handle = createDatabase({ databaseUrl: url, dataDir: ':memory:' });
  await handle.migrate();
  await handle.close();
}
