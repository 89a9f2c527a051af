import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * Recomputes the business's daily figures and visits from its rows, in its current time zone, in one transaction
 * holding the business's roll-up lock (writes of the business wait for it on PostgreSQL).
 */
export async function rebuildRollup(tx: Queries, tenantId: string): Promise<void> {
  await tx.execute(sql`select insights_rebuild(${tenantId})`);
}

/** Whether the business has any daily figures (a member, an entry, a redemption ever written). */
export async function hasFigures(tx: Queries, tenantId: string): Promise<boolean> {
  const rows = await rowsOf(tx, sql`select 1 from insights_daily where tenant_id = ${tenantId} limit 1`);
  return rows.length > 0;
}
