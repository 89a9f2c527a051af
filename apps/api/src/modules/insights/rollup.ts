import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';

/**
 * What a write outside the points ledger adds to the business's daily figures (docs/design.md §10 "Insights"), in
 * the writer's transaction: the stamp ledger's stamps added (negative: taken back), cards completed and the visit
 * of a stamp entry (`visit: -1` when a reversal undoes one, with the undone entry's `at` and branch). The points
 * ledger, members and reward redemptions need no call: the triggers of migration 0066 count them as they are
 * written. `at` is the entry's time; its day is the business's.
 */
export async function recordRollup(
  tx: Queries,
  entry: {
    tenantId: string;
    branchId?: string | null;
    at: Date;
    stampsAdded?: number;
    cardsCompleted?: number;
    visitMemberId?: string | null;
    visit?: 1 | -1;
  },
): Promise<void> {
  await tx.execute(
    sql`select insights_record(${entry.tenantId}, ${entry.branchId ?? null}, ${entry.at.toISOString()}::timestamptz,
      0, 0, ${entry.stampsAdded ?? 0}, ${entry.cardsCompleted ?? 0}, ${entry.visitMemberId ?? null},
      ${entry.visitMemberId ? (entry.visit ?? 1) : 0})`,
  );
}

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
