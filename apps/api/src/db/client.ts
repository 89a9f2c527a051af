import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import { copyPgliteFolder, type DataDirCopy, removeStaleCopies } from './pglite-backup';
import { usePreparedStatements } from './pglite-prepared';
import { postgresPools, preparedByDefault } from './postgres-pools';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both engines speak the same dialect; repositories see only this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: both run the same queries. */
export type Queries = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type DatabaseHandle = {
  db: Database;
  engine: 'pglite' | 'postgres';
  /**
   * The embedded engine for the job queue's own PGlite adapter, with the statements it runs left out of the
   * write count (the queue's polling changes no app data, so it must not make cached pages look stale).
   * Unset on PostgreSQL.
   */
  pglite?: Pick<PGlite, 'query' | 'exec' | 'listen'>;
  /**
   * The embedded database's folder as one uncompressed tar, PGlite's own dump (a test starts databases from a
   * migrated one). Unset on PostgreSQL and in memory.
   */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * A copy of the embedded database's folder for `npm run backup`, consistent as of one instant between two
   * statements, holding PGlite's lock only for what changed while it copied (pglite-backup.ts, docs/backups.md):
   * statements wait for the checkpoint before it and for that last part, not for the whole folder. Unset on
   * PostgreSQL and in memory.
   */
  copyDataDir?: () => Promise<DataDirCopy>;
  migrate(): Promise<void>;
  /**
   * Whether the database answers. True without asking while a backup holds the embedded database: it is busy,
   * not gone, and a load balancer must not take the instance out for it (docs/design.md §10).
   */
  ping(): Promise<boolean>;
  /**
   * Hears NOTIFY on a channel (after the notifying transaction commits), from every instance on the database;
   * answers the function that stops listening. PostgreSQL holds one extra connection for it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PostgreSQL when a URL is given, otherwise embedded PGlite stored under dataDir (in memory for ':memory:').
 * `startFrom` starts an embedded database from a dump of another (its `dumpDataDir`), e.g. one already migrated.
 */
export function createDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | ':memory:';
  startFrom?: Blob;
}): DatabaseHandle {
  if (opts.databaseUrl) {
    const pools = postgresPools(opts.databaseUrl);
    const db = drizzlePostgres(preparedByDefault(pools.main), { schema });
    genericPlanDbs.set(
      db as unknown as Database,
      drizzlePostgres(preparedByDefault(pools.generic), { schema }) as unknown as Database,
    );
    return {
      db: db as unknown as Database,
      engine: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      ping: () => ping(db as unknown as Database),
      async listen(channel, onPayload) {
        const { unlisten } = await pools.main.listen(channel, (payload) => onPayload(payload));
        return unlisten;
      },
      close: pools.end,
    };
  }
  let dir: string | undefined;
  if (opts.dataDir !== ':memory:') {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    removeStaleCopies(opts.dataDir);
  }
  // pg_trgm backs the members search index (migration 0002); PostgreSQL ships it as a contrib extension.
  // pg_buffercache writes changed pages out before a backup's checkpoint, a few at a time (pglite-backup.ts): only
  // a database on disk is backed up.
  const client = new PGlite({
    dataDir: dir,
    extensions: dir ? { pg_trgm, pg_buffercache } : { pg_trgm },
    ...(opts.startFrom ? { loadDataDir: opts.startFrom } : {}),
  });
  const uncounted = {
    query: client.query.bind(client),
    exec: client.exec.bind(client),
    listen: client.listen.bind(client),
  } as Pick<PGlite, 'query' | 'exec' | 'listen'>;
  // Before the count wraps query(), so the prepared path is counted like any other statement.
  usePreparedStatements(client);
  const writes = countWrites(client);
  const db = drizzlePglite(client, { schema });
  soleWriterEpochs.set(db as unknown as Database, writes);
  // From the call until the copy is made: the checkpoint, then waiting for PGlite's lock and holding it.
  let backups = 0;
  const copyDataDir = async (folder: string, parent: string) => {
    backups++;
    try {
      return await copyPgliteFolder(client, folder, parent);
    } finally {
      backups--;
    }
  };
  return {
    db: db as unknown as Database,
    engine: 'pglite',
    pglite: uncounted,
    ...(dir
      ? {
          dumpDataDir: () => client.dumpDataDir('none'),
          copyDataDir: () => copyDataDir(dir, opts.dataDir),
        }
      : {}),
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: () => (backups > 0 ? Promise.resolve(true) : ping(db as unknown as Database)),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop();
      };
    },
    close: () => client.close(),
  };
}

const soleWriterEpochs = new WeakMap<Database, () => number>();
const genericPlanDbs = new WeakMap<object, Database>();

/**
 * Where to run a statement whose best plan does not depend on its values (a page of a list without a
 * search, a primary-key read): on PostgreSQL the pool whose sessions plan it once (postgres-pools.ts); on
 * embedded PGlite, or inside a transaction, the handle itself.
 */
export function genericPlans<D extends object>(db: D): D {
  return (genericPlanDbs.get(db) as D | undefined) ?? db;
}

/**
 * How many writes this process has made to the database, when it is the database's only writer: embedded
 * PGlite holds its data folder alone. Undefined for PostgreSQL, which other instances and tools share.
 * A count that has not moved means nothing in the database has changed.
 */
export function writeEpoch(db: Database): number | undefined {
  return soleWriterEpochs.get(db)?.();
}

/**
 * Counts, on the client itself, every statement that is not a plain SELECT and every transaction, once
 * it has finished: whatever runs them (drizzle, migrations, raw SQL), nothing writes around the count.
 * PGlite runs one statement at a time, so a count read before a read and unchanged after it proves that
 * no write landed in between.
 */
function countWrites(client: PGlite): () => number {
  let count = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>, isWrite: (...args: A) => boolean) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } finally {
        if (isWrite(...args)) count++;
      }
    };
  type Run = (text: string, ...rest: unknown[]) => Promise<unknown>;
  const query = client.query.bind(client) as Run;
  const exec = client.exec.bind(client) as Run;
  const transaction = client.transaction.bind(client) as unknown as Run;
  client.query = counted(query, (text) => !/^\s*select\s/i.test(text)) as typeof client.query;
  client.exec = counted(exec, () => true) as typeof client.exec;
  client.transaction = counted(transaction, () => true) as unknown as typeof client.transaction;
  return () => count;
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
