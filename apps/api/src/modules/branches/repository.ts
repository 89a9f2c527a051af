import { randomUUID } from 'node:crypto';
import type { Branch, BranchBody } from '@loyalty/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { branches } from '../../db/schema';

type BranchRow = typeof branches.$inferSelect;

/** Whether any entry of either ledger or reward redemption names the branch (then it is deactivated, never deleted). */
// Written with the table's name, not drizzle's column objects: inside a one-table select drizzle names a column
// bare, which the subquery would read as its own table's column.
const inUseOf = sql<boolean>`(exists (select 1 from points_ledger l where l.tenant_id = branches.tenant_id and l.branch_id = branches.id)
  or exists (select 1 from stamp_ledger s where s.tenant_id = branches.tenant_id and s.branch_id = branches.id)
  or exists (select 1 from reward_redemptions r where r.tenant_id = branches.tenant_id and r.branch_id = branches.id))`;

export function toBranch(row: BranchRow, inUse = false): Branch {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.nameZh,
    nameCn: row.nameCn,
    address: row.address,
    addressZh: row.addressZh,
    addressCn: row.addressCn,
    phone: row.phone,
    latitude: row.latitude,
    longitude: row.longitude,
    relevantText: row.relevantText,
    relevantTextZh: row.relevantTextZh,
    relevantTextCn: row.relevantTextCn,
    active: row.active,
    inUse,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every branch of the business, in the order they were made. */
export async function listBranches(db: Queries, tenantId: string): Promise<{ content: Branch[] }> {
  const rows = await db
    .select({ row: branches, inUse: inUseOf })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(asc(branches.createdAt), asc(branches.id));
  return { content: rows.map((r) => toBranch(r.row, r.inUse)) };
}

export async function findBranch(db: Queries, tenantId: string, id: string, lock = false) {
  const query = db
    .select({ row: branches, inUse: inUseOf })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)));
  const [found] = await (lock ? query.for('update', { of: branches }) : query);
  return found;
}

export async function countBranches(db: Queries, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(branches).where(eq(branches.tenantId, tenantId));
  return row?.n ?? 0;
}

/** The branch ids of `ids` this business holds. */
export async function ownBranchIds(db: Queries, tenantId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), inArray(branches.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

export async function insertBranch(db: Queries, tenantId: string, body: BranchBody): Promise<BranchRow> {
  const [row] = await db
    .insert(branches)
    .values({ id: randomUUID(), tenantId, ...body })
    .returning();
  if (!row) throw new Error('the branch was not stored');
  return row;
}

export async function updateBranch(db: Queries, tenantId: string, id: string, body: BranchBody) {
  const [row] = await db
    .update(branches)
    .set({ ...body, updatedAt: sql`now()` })
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .returning();
  return row;
}

export async function deleteBranch(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .delete(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id)))
    .returning();
  return row;
}

/** The business's active branches with coordinates, oldest first: what a wallet pass shows near. */
export async function locatedBranches(db: Queries, tenantId: string): Promise<BranchRow[]> {
  return db
    .select()
    .from(branches)
    .where(
      and(
        eq(branches.tenantId, tenantId),
        eq(branches.active, true),
        sql`${branches.latitude} is not null and ${branches.longitude} is not null`,
      ),
    )
    .orderBy(asc(branches.createdAt), asc(branches.id));
}

/**
 * `id` when it is an active branch of this business, else null: a join by a poster whose branch was since
 * deactivated or deleted, or a link someone edited, joins without a home branch (docs/design.md §10).
 */
export async function activeBranchOf(db: Queries, tenantId: string, id: string | null | undefined) {
  if (!id || !/^[A-Za-z0-9-]{1,64}$/.test(id)) return null;
  const [row] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.tenantId, tenantId), eq(branches.id, id), eq(branches.active, true)));
  return row?.id ?? null;
}
