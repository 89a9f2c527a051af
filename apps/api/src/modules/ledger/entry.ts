import { randomUUID } from 'node:crypto';
import {
  LIMIT_MESSAGES,
  type LimitCode,
  MEMBER_MESSAGES,
  REFUND_MESSAGES,
  type TransactionResult,
} from '@loyalty/contracts';
import { and, count, eq, gte } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { pointsLedger } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { AppError, badRequest, conflict } from '../../lib/errors';
import {
  centsToDecimal,
  centsToNumber,
  checkRedemption,
  expiryFor,
  getPolicy,
  loadRates,
  loadTiers,
  NO_LIMITS,
  pointsEarned,
  type Rates,
  redeemValueCents,
  spendableBalance,
  type TierRow,
  takeFromLots,
  tierAfterWrite,
  toCents,
} from '../points';
import { livePromotions, promotionsForPurchase, recordPromotionAwards } from '../promotions';
import { stampsOnPurchase } from '../stamp-card';
import { businessDayStart } from './business-day';
import { type AdjustmentCommand, bodyOf, type PurchaseCommand, type RedemptionCommand } from './commands';
import { toEntry } from './entries';
import { transactionBodyHash } from './idempotency';
import { dbNow, type LockedMember, lockMember, openLots, replayOf, tierRefIn, writeOffExpired } from './steps';
import { insertEntry, insertLot, type NewEntry, takeFromLot, updateMemberFigures } from './writes';

const redeemRefusal = {
  BELOW_MINIMUM: (min: number | null) => MEMBER_MESSAGES.belowMinimum(min ?? 0),
  ABOVE_MAXIMUM: (max: number | null) => MEMBER_MESSAGES.aboveMaximum(max ?? 0),
};

/**
 * Records one purchase, redemption or adjustment in `tx` with the member's row locked, so two requests for the
 * same member run one after the other and can never spend the same points twice. Lots past their expiry are
 * written off first, keeping the ledger's sum equal to the spendable balance.
 */
export async function applyEntry(
  tx: Queries,
  feed: ChangeFeed,
  command: PurchaseCommand | RedemptionCommand | AdjustmentCommand,
): Promise<{ result: TransactionResult; events: EntryRecorded[] }> {
  const { tenantId, memberId, idempotencyKey } = command;
  // Only a redemption or a deduction spends from lots, so only they read every open lot. A purchase or an
  // added adjustment reads just the lots it must write off: a regular customer whose points never expire
  // holds one lot per purchase, and reading them all made each purchase slower than the last.
  const spends = command.type === 'redemption' || (command.type === 'adjustment' && command.points < 0);
  // The lock and the reads go out together, pipelined on the transaction's connection, in this
  // order. The lots must be read with the lock held (a statement's snapshot is taken when it starts: read
  // before the lock, they could miss points a concurrent write just spent). Pipelined statements run one
  // after another, so the lots' read starts only once the lock statement has its row: one round trip less
  // while the member is locked.
  const [member, tiers, now, rates, lots, policy, promotionsInForce] = await Promise.all([
    lockMember(tx, tenantId, memberId),
    loadTiers(tx, tenantId),
    dbNow(tx),
    loadRates(tx, tenantId),
    openLots(tx, tenantId, memberId, spends ? undefined : 'now'),
    getPolicy(tx, tenantId),
    // The promotions in force at the purchase's own time (docs/design.md §10), read in the same batch.
    command.type === 'purchase' ? livePromotions(tx, tenantId) : [],
  ]);
  const tierRef = tierRefIn(tiers);
  const bodyHash = idempotencyKey ? transactionBodyHash(bodyOf(command)) : null;
  if (idempotencyKey && bodyHash) {
    const replay = await replayOf(tx, tenantId, memberId, member, tiers, idempotencyKey, bodyHash);
    if (replay) return { result: replay, events: [] };
  }

  if (command.type === 'purchase') {
    if (command.orderId !== undefined) {
      const replay = await orderReplay(tx, command, member, tiers);
      if (replay) return { result: replay, events: [] };
    }
    await assertWithinLimits(tx, command, rates);
  }

  const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
  let balance = member.balance - expired;
  const balanceBeforeEntry = balance;

  // What can be spent, for the refusals of a redemption or a deduction (which read every open lot). A balance
  // below zero (a refund took back points already spent) is paid back before anything is spent again.
  const spendable = spends ? Math.max(0, Math.min(spendableBalance(lots, now), balance)) : 0;
  const spendBefore = toCents(member.lifetimeSpend);
  let spend = spendBefore;
  const entryId = randomUUID();
  let entry: Pick<NewEntry, 'type' | 'points' | 'amount' | 'reason' | 'orderId' | 'note'>;
  let newLot: number | null = null;
  let takes: { id: string; points: number }[] = [];

  let promoted: Awaited<ReturnType<typeof promotionsForPurchase>> | null = null;
  if (command.type === 'purchase') {
    const cents = toCents(command.amount.toFixed(2));
    // The base points of §4 (what maxPointsPerPurchase bounds), then what the promotions add on top.
    const base = pointsEarned(cents, rates);
    promoted = await promotionsForPurchase(tx, promotionsInForce, {
      tenantId,
      memberId,
      rates,
      basePoints: base,
      amountCents: cents,
      tierId: member.tierId,
      branchId: 'branchId' in command && typeof command.branchId === 'string' ? command.branchId : null,
    });
    const earned = base + promoted.points;
    spend += cents;
    entry = {
      type: 'PURCHASE',
      points: earned,
      amount: centsToDecimal(cents),
      orderId: command.orderId ?? null,
      note: command.note ?? null,
    };
    if (earned > 0) newLot = earned;
  } else if (command.type === 'redemption') {
    const refusal = checkRedemption(command.points, spendable, rates);
    if (refusal === 'INACTIVE') throw new AppError(409, MEMBER_MESSAGES.inactive, { error: 'POINTS_INACTIVE' });
    if (refusal === 'INSUFFICIENT')
      throw badRequest({ points: MEMBER_MESSAGES.insufficient(spendable) }, MEMBER_MESSAGES.insufficient(spendable));
    if (refusal) {
      const message = redeemRefusal[refusal](
        refusal === 'BELOW_MINIMUM' ? (rates?.minimumRedemption ?? 0) : (rates?.maximumRedemption ?? 0),
      );
      throw badRequest({ points: message }, message);
    }
    takes = takeFromLots(lots, command.points, now) ?? [];
    entry = {
      type: 'REDEEM',
      points: -command.points,
      amount: centsToDecimal(redeemValueCents(command.points, rates)),
    };
  } else if (command.points > 0) {
    entry = { type: 'ADJUST', points: command.points, reason: command.reason };
    newLot = command.points;
  } else {
    const found = takeFromLots(lots, -command.points, now);
    if (!found)
      throw badRequest(
        { points: MEMBER_MESSAGES.adjustBelowZero(spendable) },
        MEMBER_MESSAGES.adjustBelowZero(spendable),
      );
    takes = found;
    entry = { type: 'ADJUST', points: command.points, reason: command.reason };
  }

  balance += entry.points;
  const tierId = await tierAfterWrite(tx, tenantId, memberId, member, spend, spend - spendBefore, tiers, policy, now);
  const expiresAt = newLot !== null ? expiryFor(rates, now) : null;
  // Points earned while the balance is below zero pay it back first: only what is left of them is spendable.
  const lotRemaining = newLot === null ? 0 : Math.max(0, Math.min(newLot, newLot + balanceBeforeEntry));
  const event: EntryRecorded = {
    type: 'entry.recorded',
    memberId,
    entry: {
      id: entryId,
      type: entry.type,
      points: entry.points,
      amount: entry.amount ?? null,
      reason: entry.reason ?? null,
      reversesId: null,
      orderId: entry.orderId ?? null,
      ...(promoted ? { basePoints: entry.points - promoted.points, promotions: promoted.awards } : {}),
      branchId: command.branchId ?? null,
    },
    expired,
    balanceBeforeEntry,
    before: { balance: member.balance, lifetimeSpend: centsToNumber(spendBefore), tierId: member.tierId },
    after: { balance, lifetimeSpend: centsToNumber(spend), tierId },
    // The card shows the new balance and tier now, and the balance again when the new points expire.
    expiresAt,
    recordedBy: command.recordedBy,
  };
  // Everything the write changes goes out in one batch, pipelined on the transaction's connection. The
  // statements are sent in the order of this list: the entry, then the member's new figures, the lots it takes
  // from and its new lot (which names the entry, so it comes after it). The listeners (the audit event, the
  // wallet's pushes, the webhooks' deliveries) start their statements as they are called, possibly first: they
  // read nothing this write changes. A failing statement aborts the transaction, so the first error is the one
  // reported and nothing is kept.
  const [stored] = await Promise.all([
    insertEntry(tx, {
      ...entry,
      id: entryId,
      tenantId,
      memberId,
      accountId: command.accountId,
      idempotencyKey: idempotencyKey ?? null,
      idempotencyBodyHash: bodyHash,
      branchId: command.branchId ?? null,
      // Kept so a reversal can give the points back to the lots they came from.
      lotTakes: takes.length ? takes.map((t) => ({ lotId: t.id, points: t.points })) : null,
      createdAt: now,
    }),
    // What each promotion gave, naming the entry (so after it).
    promoted?.awards.length &&
      recordPromotionAwards(tx, { tenantId, entryId, memberId, createdAt: now, awards: promoted.awards }),
    updateMemberFigures(tx, { tenantId, memberId, balance, lifetimeSpend: centsToDecimal(spend), tierId }),
    ...takes.map((take) => takeFromLot(tx, { tenantId, lotId: take.id, points: take.points })),
    newLot !== null &&
      insertLot(tx, {
        id: randomUUID(),
        tenantId,
        memberId,
        ledgerId: entryId,
        points: newLot,
        remaining: lotRemaining,
        expiresAt,
        createdAt: now,
      }),
    feed.publish(tx, tenantId, [event]),
  ]);
  // The stamp card's stamps of a purchase, in its transaction (docs/design.md §10): never a refusal.
  const stamped =
    command.type === 'purchase'
      ? await stampsOnPurchase(tx, feed, {
          tenantId,
          memberId,
          accountId: command.accountId,
          recordedBy: command.recordedBy,
          purchaseId: entryId,
          cents: spend - spendBefore,
          branchId: command.branchId ?? null,
          now,
        })
      : undefined;
  // A lot earned with a DATE already past is born expired: it is not spendable, so not in the answer.
  const after = newLot !== null && expiresAt !== null && expiresAt <= now ? lotRemaining : 0;
  return {
    result: {
      entry: {
        ...toEntry(stored),
        ...(promoted?.awards.length ? { basePoints: entry.points - promoted.points, promotions: promoted.named } : {}),
      },
      pointsBalance: balance - after,
      lifetimeSpend: centsToNumber(spend),
      tier: tierRef(tierId),
      replayed: false,
      ...stamped,
    },
    events: [event],
  };
}

/**
 * A purchase naming an order already recorded: the same member, amount and note replay it (200, as a retried
 * Idempotency-Key does); anything else is another purchase under a taken order id, 409 DUPLICATE_ORDER.
 */
async function orderReplay(
  tx: Queries,
  command: PurchaseCommand,
  member: LockedMember,
  tiers: TierRow[],
): Promise<TransactionResult | undefined> {
  const [done] = await tx
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.tenantId, command.tenantId), eq(pointsLedger.orderId, command.orderId as string)));
  if (!done) return undefined;
  const same =
    done.memberId === command.memberId &&
    done.type === 'PURCHASE' &&
    toCents(done.amount ?? '0') === toCents(command.amount.toFixed(2)) &&
    (done.note ?? null) === (command.note ?? null);
  if (!same) throw duplicateOrder();
  const lots = await openLots(tx, command.tenantId, command.memberId);
  return {
    entry: toEntry(done),
    pointsBalance: Math.min(spendableBalance(lots, await dbNow(tx)), member.balance),
    lifetimeSpend: centsToNumber(toCents(member.lifetimeSpend)),
    tier: tierRefIn(tiers)(member.tierId),
    replayed: true,
  };
}

export const duplicateOrder = () => conflict(REFUND_MESSAGES.duplicateOrder, 'DUPLICATE_ORDER');

const refusedBeyond = (code: LimitCode, limit: number) =>
  new AppError(422, LIMIT_MESSAGES[code](limit), { error: code });

/**
 * The point settings' limits of a purchase, each answered 422 with its code: an amount above the staff cap when
 * a staff account records it (owners, admins and API keys are managers or integrations), more points than a
 * purchase may earn, or one purchase more than a member may make in the business's day.
 */
async function assertWithinLimits(tx: Queries, command: PurchaseCommand, rates: Rates | null) {
  const limits = rates?.limits ?? NO_LIMITS;
  const cents = toCents(command.amount.toFixed(2));
  if (command.byStaff && limits.staffMaxPurchaseCents !== null && cents > limits.staffMaxPurchaseCents) {
    throw refusedBeyond('NEEDS_ADMIN', centsToNumber(limits.staffMaxPurchaseCents));
  }
  if (limits.maxPointsPerPurchase !== null && pointsEarned(cents, rates) > limits.maxPointsPerPurchase) {
    throw refusedBeyond('POINTS_CAP', limits.maxPointsPerPurchase);
  }
  const perDay = limits.maxPurchasesPerMemberPerDay;
  if (perDay !== null) {
    const [today] = await tx
      .select({ n: count() })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.tenantId, command.tenantId),
          eq(pointsLedger.memberId, command.memberId),
          eq(pointsLedger.type, 'PURCHASE'),
          gte(pointsLedger.createdAt, businessDayStart(command.tenantId)),
        ),
      );
    if ((today?.n ?? 0) >= perDay) throw refusedBeyond('DAILY_LIMIT', perDay);
  }
}
