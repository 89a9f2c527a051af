import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { memberCounts } from './schema';

export type ListVersion = { version: number; members: number };

function prepare(db: Database) {
  return db
    .select({ version: memberCounts.listVersion, members: memberCounts.total })
    .from(memberCounts)
    .where(eq(memberCounts.tenantId, sql.placeholder('tenantId')))
    .prepare('list_version');
}

type PerDatabase = { statement: ReturnType<typeof prepare>; inFlight: Map<string, Promise<ListVersion>> };
const perDatabase = new WeakMap<Database, PerDatabase>();

function stateOf(db: Database): PerDatabase {
  let state = perDatabase.get(db);
  if (!state) {
    // Prepared once per database: this read runs before every list read, so it is parsed and planned once.
    state = { statement: prepare(db), inFlight: new Map() };
    perDatabase.set(db, state);
  }
  return state;
}

/**
 * One primary-key read: the tenant's member total and the version of its members and tiers lists.
 * Requests for the same tenant that arrive while a read is on its way share it: under load that turns
 * dozens of identical reads into one. It can only miss a write that commits during that one round trip,
 * and a write through this instance drops the shared read at once (forgetInFlightVersions).
 */
export function readListVersion(db: Database, tenantId: string): Promise<ListVersion> {
  const { statement, inFlight } = stateOf(db);
  const pending = inFlight.get(tenantId);
  if (pending) return pending;
  const read = statement.execute({ tenantId }).then(
    // Every tenant has its row (migration 0004); -1 leaves an unexpected gap uncached rather than wrong.
    ([row]) => row ?? { version: -1, members: 0 },
  );
  inFlight.set(tenantId, read);
  const done = () => {
    if (inFlight.get(tenantId) === read) inFlight.delete(tenantId);
  };
  read.then(done, done);
  return read;
}

/** After a write through this instance: the next list read starts its own version read. */
export function forgetInFlightVersions(db: Database): void {
  perDatabase.get(db)?.inFlight.clear();
}
