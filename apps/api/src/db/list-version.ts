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

// One prepared statement per database: it runs before every list read, so it is parsed and planned once.
const statements = new WeakMap<Database, ReturnType<typeof prepare>>();

/** One primary-key read: the tenant's member total and the version of its members and tiers lists. */
export async function readListVersion(db: Database, tenantId: string): Promise<ListVersion> {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepare(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ tenantId });
  // Every tenant has its row (migration 0004); -1 leaves an unexpected gap uncached rather than wrong.
  return row ?? { version: -1, members: 0 };
}
