import { eq, sql } from 'drizzle-orm';
import { type Database, genericPlans, writeEpoch } from './client';
import { listVersionShards, memberCounts } from './schema';

export type ListVersion = { version: number; orderVersion: number; members: number };

// The tenant's version: its member_counts row's plus what writes added to its shards (migration 0019). Each
// committed change adds one, and this is one statement (one snapshot), so a change is never missed. Written
// with table names: drizzle leaves the columns of a one-table select unqualified, and in the subquery
// "tenant_id" = "tenant_id" would sum every tenant's shards.
const listVersion = sql<number>`"member_counts"."list_version" + coalesce((select sum(s."version")
  from ${listVersionShards} as s where s."tenant_id" = "member_counts"."tenant_id"), 0)::bigint`.mapWith(Number);

function prepare(db: Database) {
  return db
    .select({ version: listVersion, orderVersion: memberCounts.orderVersion, members: memberCounts.total })
    .from(memberCounts)
    .where(eq(memberCounts.tenantId, sql.placeholder('tenantId')))
    .prepare('list_version');
}

type PerDatabase = {
  statement: ReturnType<typeof prepare>;
  inFlight: Map<string, Promise<ListVersion>>;
  /** Embedded PGlite only: the last version read per tenant, with the write count it was read at. */
  lastRead: Map<string, { epoch: number; read: Promise<ListVersion> }>;
};
const perDatabase = new WeakMap<Database, PerDatabase>();

function stateOf(db: Database): PerDatabase {
  let state = perDatabase.get(db);
  if (!state) {
    // Prepared once per database: this read runs before every list read, so it is parsed and planned once.
    // On the pool that plans once (db/postgres-pools.ts): a primary-key read has one best plan.
    state = { statement: prepare(genericPlans(db)), inFlight: new Map(), lastRead: new Map() };
    perDatabase.set(db, state);
  }
  return state;
}

/**
 * One read by primary key: the tenant's member total and the version of its members and tiers lists.
 * Requests for the same tenant that arrive while a read is on its way share it: under load that turns
 * dozens of identical reads into one. It can only miss a write that commits during that one round trip,
 * and a write through this instance drops the shared read at once (forgetInFlightVersions).
 */
export function readListVersion(db: Database, tenantId: string): Promise<ListVersion> {
  const { statement, inFlight, lastRead } = stateOf(db);
  // On embedded PGlite this process is the only writer: while it has written nothing since the last read,
  // that read still holds, and no query is needed at all (PGlite runs in this thread: every query costs it).
  const epoch = writeEpoch(db);
  const last = lastRead.get(tenantId);
  if (epoch !== undefined && last?.epoch === epoch) return last.read;
  const pending = inFlight.get(tenantId);
  if (pending) return pending;
  const read = statement.execute({ tenantId }).then(
    // Every tenant has its row (migration 0004); -1 leaves an unexpected gap uncached rather than wrong.
    ([row]) => row ?? { version: -1, orderVersion: -1, members: 0 },
  );
  inFlight.set(tenantId, read);
  if (epoch !== undefined) {
    if (lastRead.size >= 10_000) lastRead.clear();
    lastRead.set(tenantId, { epoch, read });
  }
  const done = () => {
    if (inFlight.get(tenantId) === read) inFlight.delete(tenantId);
  };
  read.then(done, () => {
    done();
    if (lastRead.get(tenantId)?.read === read) lastRead.delete(tenantId);
  });
  return read;
}

/** After a write through this instance: the next list read starts its own version read. */
export function forgetInFlightVersions(db: Database): void {
  const state = perDatabase.get(db);
  state?.inFlight.clear();
  state?.lastRead.clear();
}
