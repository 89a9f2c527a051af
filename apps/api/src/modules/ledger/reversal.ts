import { randomUUID } from 'node:crypto';
import {
  REFUND_MESSAGES,
  REVERSAL_MESSAGES,
  REVERSAL_WINDOW_MINUTES,
  type TransactionResult,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members, pointsLedger, pointsLots } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { conflict, notFound } from '../../lib/errors';
import {
  centsToDecimal,
  centsToNumber,
  getPolicy,
  loadTiers,
  spendableBalance,
  tierAfterWrite,
  toCents,
} from '../points';
import { reverseStampsOfPurchase } from '../stamp-card';
import type { ReversalCommand } from './commands';
import { findEntryToReverse, toEntry } from './entries';
import { transactionBodyHash } from './idempotency';
import { dbNow, lockMember, openLots, replayOf, tierRefIn, writeOffExpired } from './steps';

/**
 * Undoes one PURCHASE or REDEEM with a REVERSAL entry (docs/design.md §8 Counter); nothing is deleted.
 *
 * - A purchase: its points leave the lot it earned (only while that lot is whole: once any of them were
 *   spent or expired, 409) and its amount leaves lifetime spend, so the tier may drop back unless pinned.
 * - A redemption: its points go back to the very lots they were taken from (recorded on the entry), so
 *   they keep the expiry they were earned with; a lot that expired meanwhile takes them and the next write
 *   expires them, as it would have without the redemption.
 * - Adjustments are not reversed (an admin corrects one with another adjustment), nor are EXPIRE entries
 *   or reversals: 409 NOT_REVERSIBLE.
 * - 409 ALREADY_REVERSED for a second reversal (the unique index points_ledger_reverses_key decides even a
 *   race), 409 REVERSAL_WINDOW_PASSED when the entry is older than the window on the database's clock.
 * - An Idempotency-Key is honoured as on transactions: the same key replays (200), on another entry 422.
 *   A second reversal's violation of the unique index is told by the ledger (ledger.ts).
 */
export async function applyReversal(
  tx: Queries,
  feed: ChangeFeed,
  command: ReversalCommand,
): Promise<{ result: TransactionResult; events: EntryRecorded[] }> {
  const { tenantId, memberId, entryId, idempotencyKey } = command;
  const member = await lockMember(tx, tenantId, memberId);
  const [tiers, policy] = await Promise.all([loadTiers(tx, tenantId), getPolicy(tx, tenantId)]);
  const bodyHash = transactionBodyHash({ type: 'REVERSAL', entryId });
  if (idempotencyKey) {
    const replay = await replayOf(tx, tenantId, memberId, member, tiers, idempotencyKey, bodyHash);
    if (replay) return { result: replay, events: [] };
  }

  const target = await findEntryToReverse(tx, tenantId, memberId, entryId, REVERSAL_WINDOW_MINUTES);
  if (!target) throw notFound('Transaction not found');
  const bonusUndo = command.automationUndo === true && target.type === 'BONUS';
  if (target.type !== 'PURCHASE' && target.type !== 'REDEEM' && !bonusUndo) {
    throw conflict(REVERSAL_MESSAGES.notReversible, 'NOT_REVERSIBLE');
  }
  if (target.reversedById) throw conflict(REVERSAL_MESSAGES.alreadyReversed, 'ALREADY_REVERSED');
  if (!target.inWindow && !command.rewardCancel && !command.automationUndo)
    throw conflict(REVERSAL_MESSAGES.windowPassed, 'REVERSAL_WINDOW_PASSED');
  // A purchase partly refunded already gave some of itself back: the rest is refunded, not reversed.
  if (target.type === 'PURCHASE' && (await hasRefunds(tx, tenantId, entryId))) {
    throw conflict(REFUND_MESSAGES.refundedAlready, 'NOT_REVERSIBLE');
  }

  const now = await dbNow(tx);
  const lots = await openLots(tx, tenantId, memberId);
  const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
  let balance = member.balance - expired;
  const balanceBeforeEntry = balance;
  let spend = toCents(member.lifetimeSpend);

  if (target.type === 'PURCHASE' || bonusUndo) {
    if (target.points > 0) {
      // Whole means every point it earned is still there: none spent, none expired (written off above).
      const taken = await tx
        .update(pointsLots)
        .set({ remaining: 0 })
        .where(
          and(
            // The member's lots by their index (tenant, member, expiry), then the one this purchase earned.
            eq(pointsLots.tenantId, tenantId),
            eq(pointsLots.memberId, memberId),
            eq(pointsLots.ledgerId, entryId),
            sql`${pointsLots.remaining} = ${pointsLots.points}`,
          ),
        )
        .returning({ id: pointsLots.id });
      if (!taken.length) throw conflict(REVERSAL_MESSAGES.pointsSpent, 'POINTS_SPENT');
    }
    spend -= toCents(target.amount ?? '0');
  } else {
    // Redemptions recorded before migration 0008 do not say which lots they spent.
    if (!target.lotTakes) throw conflict(REVERSAL_MESSAGES.notReversible, 'NOT_REVERSIBLE');
    for (const take of target.lotTakes) {
      await tx
        .update(pointsLots)
        .set({ remaining: sql`${pointsLots.remaining} + ${take.points}` })
        .where(and(eq(pointsLots.tenantId, tenantId), eq(pointsLots.id, take.lotId)));
    }
  }

  const points = 0 - target.points; // not -0 for a purchase that earned nothing
  const reversalId = randomUUID();
  // A code, rendered in each reader's language (docs/design.md §10).
  const reasonCode = command.rewardCancel
    ? 'REWARD_CANCELLED'
    : bonusUndo
      ? 'REFERRAL_REVERSED'
      : target.type === 'PURCHASE'
        ? 'PURCHASE_REVERSED'
        : 'REDEMPTION_REVERSED';
  const [stored] = await tx
    .insert(pointsLedger)
    .values({
      id: reversalId,
      tenantId,
      memberId,
      type: 'REVERSAL',
      points,
      amount: target.amount,
      reasonCode,
      reversesId: entryId,
      branchId: command.branchId ?? null,
      accountId: command.accountId,
      idempotencyKey: idempotencyKey ?? null,
      idempotencyBodyHash: idempotencyKey ? bodyHash : null,
      createdAt: now,
    })
    .returning();
  balance += points;
  const spendBefore = toCents(member.lifetimeSpend);
  const tierId = await tierAfterWrite(tx, tenantId, memberId, member, spend, spend - spendBefore, tiers, policy, now);
  const event: EntryRecorded = {
    type: 'entry.recorded',
    memberId,
    entry: {
      id: reversalId,
      type: 'REVERSAL',
      points,
      amount: target.amount,
      reason: null,
      reasonCode,
      reversesId: entryId,
      branchId: command.branchId ?? null,
    },
    expired,
    balanceBeforeEntry,
    before: {
      balance: member.balance,
      lifetimeSpend: centsToNumber(toCents(member.lifetimeSpend)),
      tierId: member.tierId,
    },
    after: { balance, lifetimeSpend: centsToNumber(spend), tierId },
    expiresAt: null,
    recordedBy: command.recordedBy,
  };
  await tx
    .update(members)
    .set({ pointsBalance: balance, lifetimeSpend: centsToDecimal(spend), tierId, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  await feed.publish(tx, tenantId, [event]);
  // A purchase's stamps go with it (docs/design.md §10).
  if (target.type === 'PURCHASE') {
    await reverseStampsOfPurchase(tx, feed, {
      tenantId,
      memberId,
      purchaseId: entryId,
      accountId: command.accountId,
      recordedBy: command.recordedBy,
      branchId: command.branchId ?? null,
    });
  }
  return {
    result: {
      entry: toEntry(stored as Parameters<typeof toEntry>[0]),
      // Points given back to a lot that expired meanwhile are not spendable: the answer counts the lots.
      pointsBalance: spendableBalance(await openLots(tx, tenantId, memberId), now),
      lifetimeSpend: centsToNumber(spend),
      tier: tierRefIn(tiers)(tierId),
      replayed: false,
    },
    events: [event],
  };
}

/** Whether a REFUND names the purchase (points_ledger_refunds_idx). */
async function hasRefunds(tx: Queries, tenantId: string, purchaseId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.refundsId, purchaseId), eq(pointsLedger.tenantId, tenantId)))
    .limit(1);
  return rows.length > 0;
}
