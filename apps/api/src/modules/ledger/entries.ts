import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queries } from '../../db/client';
import { members, pointsLedger } from '../../db/schema';

/** A reversal of the entry, joined by the unique index points_ledger_reverses_key. */
const reversal = alias(pointsLedger, 'reversal');

/** On a PURCHASE: the amount its REFUND entries gave back so far (points_ledger_refunds_idx); null otherwise. */
const refundedSoFar = sql<string | null>`case when ${pointsLedger.type} = 'PURCHASE' then (select sum(r.amount)
  from points_ledger r where r.refunds_id = ${pointsLedger.id}) end`;

/** An entry's order: a purchase's own, or on a REFUND the order of the purchase it gives back (by primary key). */
const orderOfEntry = sql<string | null>`coalesce(${pointsLedger.orderId}, (select p.order_id from points_ledger p
  where p.id = ${pointsLedger.refundsId} and p.tenant_id = ${pointsLedger.tenantId}))`;

/**
 * On a reward's entries (REWARD_REDEEMED, REWARD_CANCELLED): the reward, by the redemption the entry made or
 * cancelled (its unique ledger key, or its reversal), with its names in every language; a reward deleted since
 * keeps the name it was redeemed under.
 */
const rewardOfEntry = sql<{ id: string | null; name: string; nameZh: string | null; nameCn: string | null } | null>`(
  select json_build_object('id', rr.reward_id, 'name', coalesce(rw.name, rr.reward_name), 'nameZh', rw.name_zh,
    'nameCn', rw.name_cn)
  from reward_redemptions rr left join rewards rw on rw.id = rr.reward_id
  where ${pointsLedger.reasonCode} in ('REWARD_REDEEMED', 'REWARD_CANCELLED')
    and (rr.ledger_id = ${pointsLedger.id} or rr.reversal_id = ${pointsLedger.id})
  limit 1)`;

export async function listLedger(
  db: Queries,
  tenantId: string,
  memberId: string,
  page: number,
  size: number,
  branchId?: string,
) {
  const where = and(
    eq(pointsLedger.tenantId, tenantId),
    eq(pointsLedger.memberId, memberId),
    branchId ? eq(pointsLedger.branchId, branchId) : undefined,
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(pointsLedger).where(where),
    db
      .select({
        id: pointsLedger.id,
        type: pointsLedger.type,
        points: pointsLedger.points,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        reasonCode: pointsLedger.reasonCode,
        reward: rewardOfEntry,
        createdAt: pointsLedger.createdAt,
        reversesId: pointsLedger.reversesId,
        reversedById: reversal.id,
        orderId: orderOfEntry,
        note: pointsLedger.note,
        refundsId: pointsLedger.refundsId,
        refundedAmount: refundedSoFar,
        branchId: pointsLedger.branchId,
      })
      .from(pointsLedger)
      .leftJoin(reversal, and(eq(reversal.tenantId, pointsLedger.tenantId), eq(reversal.reversesId, pointsLedger.id)))
      .where(where)
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(size)
      .offset(page * size),
  ]);
  return { rows: rows.map(toEntry), total: totals[0]?.total ?? 0 };
}

/**
 * One entry of the member with what a reversal decides on: whether it is within the window (on the
 * database's clock) and the reversal that already undid it, if any.
 */
export async function findEntryToReverse(db: Queries, tenantId: string, memberId: string, id: string, minutes: number) {
  const [row] = await db
    .select({
      type: pointsLedger.type,
      points: pointsLedger.points,
      amount: pointsLedger.amount,
      lotTakes: pointsLedger.lotTakes,
      inWindow: sql<boolean>`${pointsLedger.createdAt} > now() - make_interval(mins => ${minutes})`,
      reversedById: reversal.id,
    })
    .from(pointsLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, pointsLedger.tenantId), eq(reversal.reversesId, pointsLedger.id)))
    .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.memberId, memberId), eq(pointsLedger.id, id)));
  return row;
}

type StoredEntry = {
  id: string;
  type: (typeof pointsLedger.$inferSelect)['type'];
  points: number;
  amount: string | null;
  reason: string | null;
  reasonCode?: string | null;
  reward?: { id: string | null; name: string; nameZh: string | null; nameCn: string | null } | null;
  createdAt: Date;
  reversesId: string | null;
  reversedById?: string | null;
  orderId?: string | null;
  note?: string | null;
  refundsId?: string | null;
  refundedAmount?: string | null;
  branchId?: string | null;
};
export const toEntry = (e: StoredEntry) => ({
  id: e.id,
  type: e.type,
  points: e.points,
  amount: e.amount === null ? null : Number(e.amount),
  reason: e.reason,
  reasonCode: e.reasonCode ?? null,
  ...(e.reward ? { reward: typeof e.reward === 'string' ? JSON.parse(e.reward) : e.reward } : {}),
  createdAt: e.createdAt.toISOString(),
  reversesId: e.reversesId,
  reversedById: e.reversedById ?? null,
  // Only where they say something, so entries without an order, a note or a refund read as before.
  ...(e.orderId ? { orderId: e.orderId } : {}),
  ...(e.note ? { note: e.note } : {}),
  ...(e.refundsId ? { refundsId: e.refundsId } : {}),
  ...(e.refundedAmount ? { refundedAmount: Number(e.refundedAmount) } : {}),
  ...(e.branchId ? { branchId: e.branchId } : {}),
});

/** Ledger entries with their member, oldest first, for one member or a time range, a chunk at a time. */
export async function* exportLedger(
  db: Queries,
  tenantId: string,
  scope: { memberId?: string; from?: Date; to?: Date },
  chunkSize = 1000,
) {
  let last: { sortAt: string; id: string } | undefined;
  for (;;) {
    const conditions: SQL[] = [eq(pointsLedger.tenantId, tenantId)];
    if (scope.memberId) conditions.push(eq(pointsLedger.memberId, scope.memberId));
    if (scope.from) conditions.push(sql`${pointsLedger.createdAt} >= ${scope.from.toISOString()}::timestamptz`);
    if (scope.to) conditions.push(sql`${pointsLedger.createdAt} < ${scope.to.toISOString()}::timestamptz`);
    if (last)
      conditions.push(sql`(${pointsLedger.createdAt}, ${pointsLedger.id}) > (${last.sortAt}::timestamptz, ${last.id})`);
    const rows = await db
      .select({
        id: pointsLedger.id,
        createdAt: pointsLedger.createdAt,
        sortAt: sql<string>`${pointsLedger.createdAt}::text`,
        membershipCode: members.membershipCode,
        firstName: members.firstName,
        lastName: members.lastName,
        type: pointsLedger.type,
        points: pointsLedger.points,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        reasonCode: pointsLedger.reasonCode,
        reversesId: pointsLedger.reversesId,
      })
      .from(pointsLedger)
      .innerJoin(members, eq(members.id, pointsLedger.memberId))
      .where(and(...conditions))
      .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id))
      .limit(chunkSize);
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
    last = rows[rows.length - 1];
  }
}
