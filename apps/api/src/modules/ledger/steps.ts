import { randomUUID } from 'node:crypto';
import type { TransactionResult } from '@loyalty/contracts';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { members, pointsLedger, pointsLots } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { centsToNumber, expireLots, type Lot, spendableBalance, type TierRow, toCents } from '../points';
import { toEntry } from './entries';
import { keyReusedWithAnotherBody } from './idempotency';

/**
 * The steps every ledger write takes inside its transaction (a purchase, redemption or adjustment, entry.ts; a
 * reversal, reversal.ts): lock the member, replay a retried Idempotency-Key, write off expired lots, read
 * the database clock and the open lots.
 */

export type LockedMember = { balance: number; lifetimeSpend: string; tierId: string | null; tierPinned: boolean };

const lockStatement = preparedStatements((db: Queries) =>
  db
    .select({
      balance: members.pointsBalance,
      lifetimeSpend: members.lifetimeSpend,
      tierId: members.tierId,
      tierPinned: members.tierPinned,
    })
    .from(members)
    .where(and(eq(members.tenantId, sql.placeholder('tenantId')), eq(members.id, sql.placeholder('memberId'))))
    .for('update')
    .prepare('member_lock'),
);

/**
 * The member's row, locked until the transaction ends: two writes for one member run one after the other,
 * so they can never spend the same points twice or reverse the same entry twice.
 */
export async function lockMember(tx: Queries, tenantId: string, memberId: string): Promise<LockedMember> {
  const [member] = await lockStatement(tx).execute({ tenantId, memberId });
  if (!member) throw notFound('Member not found');
  return member;
}

/** The `{id, name, color}` of a tier of the tenant, with its Chinese names when it has them, or null. */
export const tierRefIn = (tiers: readonly TierRow[]) => (id: string | null) => {
  const t = id ? tiers.find((x) => x.id === id) : undefined;
  return t
    ? {
        id: t.id,
        name: t.name,
        color: t.color,
        ...(t.nameZh ? { nameZh: t.nameZh } : {}),
        ...(t.nameCn ? { nameCn: t.nameCn } : {}),
      }
    : null;
};

export const keyUsedForAnotherMember = () =>
  new AppError(409, 'This Idempotency-Key was already used for another member.', { error: 'CONFLICT' });

/**
 * The answer already given under `key`, when the request is a retry: the entry recorded with the key and the
 * member as it is now. A request racing the first one waits on the member's lock and then finds its entry.
 * The same key for another member: 409; with another body (another amount, type, points, or a reversal of
 * another entry): 422. Entries recorded before migration 0006 carry no hash and replay as they always did.
 */
export async function replayOf(
  tx: Queries,
  tenantId: string,
  memberId: string,
  member: LockedMember,
  tiers: readonly TierRow[],
  key: string,
  bodyHash: string,
): Promise<TransactionResult | undefined> {
  const [done] = await tx
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.idempotencyKey, key)));
  if (!done) return undefined;
  if (done.memberId !== memberId) throw keyUsedForAnotherMember();
  if (done.idempotencyBodyHash !== null && done.idempotencyBodyHash !== bodyHash) throw keyReusedWithAnotherBody(key);
  const [lots, refunded] = await Promise.all([
    openLots(tx, tenantId, memberId),
    done.refundsId ? refundedOrder(tx, tenantId, done.refundsId) : undefined,
  ]);
  return {
    // A refund names the order it gave back, as its first answer did (docs/design.md §9 Orders, refunds).
    entry: toEntry(refunded ? { ...done, orderId: refunded } : done),
    // Below zero after a refund of spent points the balance is the member's, not what the lots hold (none).
    pointsBalance: Math.min(spendableBalance(lots, await dbNow(tx)), member.balance),
    lifetimeSpend: centsToNumber(toCents(member.lifetimeSpend)),
    tier: tierRefIn(tiers)(member.tierId),
    replayed: true,
  };
}

/** The order id of the purchase a refund gave back, if it had one. */
async function refundedOrder(tx: Queries, tenantId: string, purchaseId: string) {
  const [row] = await tx
    .select({ orderId: pointsLedger.orderId })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.id, purchaseId)));
  return row?.orderId ?? undefined;
}

/**
 * Lots past their expiry that still hold points go to 0 with one EXPIRE entry, written just before the
 * entry that follows, so the ledger's sum stays equal to what can be spent. Updates `lots` in place and
 * answers the points written off.
 */
export async function writeOffExpired(tx: Queries, tenantId: string, memberId: string, lots: Lot[], now: Date) {
  const expired = expireLots(lots, now);
  if (!expired.length) return 0;
  const points = expired.reduce((sum, e) => sum + e.points, 0);
  await tx.insert(pointsLedger).values({
    id: randomUUID(),
    tenantId,
    memberId,
    type: 'EXPIRE',
    points: -points,
    reasonCode: 'POINTS_EXPIRED',
    // Just before the entry that follows, so the ledger reads in the order things happened.
    createdAt: new Date(now.getTime() - 1),
  });
  await tx
    .update(pointsLots)
    .set({ remaining: 0 })
    .where(
      and(
        eq(pointsLots.tenantId, tenantId),
        inArray(
          pointsLots.id,
          expired.map((e) => e.id),
        ),
      ),
    );
  for (const lot of lots) if (expired.some((e) => e.id === lot.id)) lot.remaining = 0;
  return points;
}

const nowStatement = preparedStatements((db: Queries) =>
  db
    .select({ ms: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare('db_now'),
);

/** The database's clock: entries, expiries and the reversal window are all measured on it. */
export async function dbNow(tx: Queries): Promise<Date> {
  const [row] = await nowStatement(tx).execute();
  return new Date(Math.round(row?.ms ?? Date.now()));
}

const openLotsStatement = preparedStatements((db: Queries, by: string) =>
  db
    .select({
      id: pointsLots.id,
      points: pointsLots.points,
      remaining: pointsLots.remaining,
      expiresAt: pointsLots.expiresAt,
    })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.tenantId, sql.placeholder('tenantId')),
        eq(pointsLots.memberId, sql.placeholder('memberId')),
        sql`${pointsLots.remaining} > 0`,
        by === 'now'
          ? sql`${pointsLots.expiresAt} <= now()`
          : by === 'date'
            ? lte(pointsLots.expiresAt, sql.placeholder('expiredBy'))
            : undefined,
      ),
    )
    .prepare(`member_open_lots_${by || 'all'}`),
);

/**
 * The member's lots that still hold points; with `expiredBy`, only those expired by then (what a write must
 * write off). 'now' is the transaction's own clock (`now()`, what dbNow reads), so the read can go out in the
 * same pipelined batch as the member's lock: it starts once the lock statement has finished, lock held.
 */
export async function openLots(
  tx: Queries,
  tenantId: string,
  memberId: string,
  expiredBy?: Date | 'now',
): Promise<Lot[]> {
  const by = expiredBy === 'now' ? 'now' : expiredBy ? 'date' : '';
  // A Date as its ISO text: postgres.js takes no Date for a prepared statement's placeholder.
  const until = expiredBy instanceof Date ? expiredBy.toISOString() : undefined;
  return openLotsStatement(tx, by).execute({ tenantId, memberId, expiredBy: until });
}
