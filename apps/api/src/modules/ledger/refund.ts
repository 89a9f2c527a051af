import { randomUUID } from 'node:crypto';
import { REFUND_MESSAGES, type TransactionResult } from '@loyalty/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queries } from '../../db/client';
import { pointsLedger } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { conflict, notFound } from '../../lib/errors';
import {
  centsToDecimal,
  centsToNumber,
  getPolicy,
  loadRates,
  loadTiers,
  NO_LIMITS,
  refundPoints,
  spendableBalance,
  takeFromLots,
  tierAfterWrite,
  toCents,
} from '../points';
import { refundStampsOfPurchase } from '../stamp-card';
import type { RefundCommand } from './commands';
import { toEntry } from './entries';
import { transactionBodyHash } from './idempotency';
import { dbNow, lockMember, openLots, replayOf, tierRefIn, writeOffExpired } from './steps';
import { insertEntry, takeFromLot, updateMemberFigures } from './writes';

const reversal = alias(pointsLedger, 'reversal');

/** The purchase a refund names (by its entry, or by the business's order), with what was refunded of it so far. */
async function findPurchase(
  tx: Queries,
  tenantId: string,
  by: { memberId: string; entryId: string } | { orderId: string },
) {
  const [row] = await tx
    .select({
      id: pointsLedger.id,
      memberId: pointsLedger.memberId,
      type: pointsLedger.type,
      points: pointsLedger.points,
      amount: pointsLedger.amount,
      orderId: pointsLedger.orderId,
      ageDays: sql<number>`extract(epoch from now() - ${pointsLedger.createdAt}) / 86400`.mapWith(Number),
      reversed: sql<boolean>`${reversal.id} is not null`,
      refunded: sql<string>`(select coalesce(sum(r.amount), 0) from points_ledger r where r.refunds_id = ${pointsLedger.id})`,
    })
    .from(pointsLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, pointsLedger.tenantId), eq(reversal.reversesId, pointsLedger.id)))
    .where(
      and(
        eq(pointsLedger.tenantId, tenantId),
        'orderId' in by
          ? eq(pointsLedger.orderId, by.orderId)
          : and(eq(pointsLedger.memberId, by.memberId), eq(pointsLedger.id, by.entryId)),
        isNull(pointsLedger.refundsId),
      ),
    );
  return row;
}

/**
 * Gives part or all of a purchase back with a REFUND entry (a customer's return, any day within the refund window;
 * the 10-minute reversal is for mistakes). The member is locked first, so refunds of one purchase run one after
 * another and their sum never passes its amount.
 *
 * - Points by cumulative floor (engine.refundPoints): the refunds of a purchase take back, in all, exactly what a
 *   single refund of their sum would, and a full refund exactly what the purchase earned.
 * - Points already spent are still taken back: what the lots no longer hold leaves the balance below zero, and
 *   the next points earned pay it back first (entry.ts).
 * - The amount leaves lifetime spend, so the tier follows unless pinned.
 * - 409 NOT_REFUNDABLE (not a purchase, or reversed), REFUND_EXCEEDS_PURCHASE, REFUND_WINDOW_PASSED (point
 *   settings' refundWindowDays on the database's clock; null: no window). An Idempotency-Key replays.
 */
export async function applyRefund(
  tx: Queries,
  feed: ChangeFeed,
  command: RefundCommand,
): Promise<{ result: TransactionResult; events: EntryRecorded[] }> {
  const { tenantId, idempotencyKey } = command;
  // By order: the order names the member; the purchase is read again once the member is locked.
  let memberId: string;
  let entryId: string;
  if ('orderId' in command) {
    const found = await findPurchase(tx, tenantId, { orderId: command.orderId });
    if (!found) throw notFound(REFUND_MESSAGES.orderNotFound);
    memberId = found.memberId;
    entryId = found.id;
  } else {
    memberId = command.memberId;
    entryId = command.entryId;
  }
  const [member, tiers, now, rates, lots, policy] = await Promise.all([
    lockMember(tx, tenantId, memberId),
    loadTiers(tx, tenantId),
    dbNow(tx),
    loadRates(tx, tenantId),
    openLots(tx, tenantId, memberId),
    getPolicy(tx, tenantId),
  ]);
  const refundCents = toCents(command.amount.toFixed(2));
  const bodyHash = transactionBodyHash({ type: 'REFUND', entryId, amount: centsToDecimal(refundCents) });
  if (idempotencyKey) {
    const replay = await replayOf(tx, tenantId, memberId, member, tiers, idempotencyKey, bodyHash);
    if (replay) return { result: replay, events: [] };
  }

  const purchase = await findPurchase(tx, tenantId, { memberId, entryId });
  if (!purchase) throw notFound('Transaction not found');
  const amountCents = toCents(purchase.amount ?? '0');
  if (purchase.type !== 'PURCHASE' || purchase.reversed || amountCents <= 0n) {
    throw conflict(REFUND_MESSAGES.notRefundable, 'NOT_REFUNDABLE');
  }
  const windowDays = (rates?.limits ?? NO_LIMITS).refundWindowDays;
  if (windowDays !== null && purchase.ageDays > windowDays) {
    throw conflict(REFUND_MESSAGES.windowPassed(windowDays), 'REFUND_WINDOW_PASSED');
  }
  const refundedCents = toCents(purchase.refunded);
  if (refundedCents + refundCents > amountCents) {
    throw conflict(REFUND_MESSAGES.exceeds(centsToNumber(amountCents - refundedCents)), 'REFUND_EXCEEDS_PURCHASE');
  }

  const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
  let balance = member.balance - expired;
  const balanceBeforeEntry = balance;
  const back = refundPoints(purchase.points, amountCents, refundedCents, refundCents);
  // What the lots still hold is taken (soonest expiring first); the rest leaves the balance below zero.
  const fromLots = Math.max(0, Math.min(back, spendableBalance(lots, now), balance));
  const takes = takeFromLots(lots, fromLots, now) ?? [];
  const spendBefore = toCents(member.lifetimeSpend);
  const spendAfter = spendBefore > refundCents ? spendBefore - refundCents : 0n;
  const points = 0 - back;
  balance += points;
  const tierId = await tierAfterWrite(
    tx,
    tenantId,
    memberId,
    member,
    spendAfter,
    spendAfter - spendBefore,
    tiers,
    policy,
    now,
  );
  const refundId = randomUUID();
  const amount = centsToDecimal(refundCents);
  const event: EntryRecorded = {
    type: 'entry.recorded',
    memberId,
    entry: {
      id: refundId,
      type: 'REFUND',
      points,
      amount,
      reason: null,
      reversesId: entryId,
      orderId: purchase.orderId,
      // Where the refund is made, not where the purchase was (docs/design.md §10).
      branchId: command.branchId ?? null,
    },
    expired,
    balanceBeforeEntry,
    before: { balance: member.balance, lifetimeSpend: centsToNumber(spendBefore), tierId: member.tierId },
    after: { balance, lifetimeSpend: centsToNumber(spendAfter), tierId },
    expiresAt: null,
    recordedBy: command.recordedBy,
  };
  const [stored] = await Promise.all([
    insertEntry(tx, {
      id: refundId,
      tenantId,
      memberId,
      accountId: command.accountId,
      type: 'REFUND',
      points,
      amount,
      refundsId: entryId,
      branchId: command.branchId ?? null,
      idempotencyKey: idempotencyKey ?? null,
      idempotencyBodyHash: idempotencyKey ? bodyHash : null,
      lotTakes: takes.length ? takes.map((t) => ({ lotId: t.id, points: t.points })) : null,
      createdAt: now,
    }),
    updateMemberFigures(tx, { tenantId, memberId, balance, lifetimeSpend: centsToDecimal(spendAfter), tierId }),
    ...takes.map((take) => takeFromLot(tx, { tenantId, lotId: take.id, points: take.points })),
    feed.publish(tx, tenantId, [event]),
  ]);
  // A PER_AMOUNT purchase's stamps by the same cumulative floor, from the current card only (docs/design.md §10).
  await refundStampsOfPurchase(tx, feed, {
    tenantId,
    memberId,
    purchaseId: entryId,
    amountCents,
    refundedCents,
    refundCents,
    accountId: command.accountId,
    recordedBy: command.recordedBy,
    branchId: command.branchId ?? null,
  });
  return {
    result: {
      // The refund names the order it gives back, as the member's history does.
      entry: toEntry({ ...stored, orderId: purchase.orderId }),
      pointsBalance: balance,
      lifetimeSpend: centsToNumber(spendAfter),
      tier: tierRefIn(tiers)(tierId),
      replayed: false,
    },
    events: [event],
  };
}
