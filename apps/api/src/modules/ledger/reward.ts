import { randomUUID } from 'node:crypto';
import { REWARD_MESSAGES, type TransactionResult } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { AppError } from '../../lib/errors';
import {
  centsToDecimal,
  centsToNumber,
  loadRates,
  loadTiers,
  redeemValueCents,
  spendableBalance,
  takeFromLots,
  toCents,
} from '../points';
import type { RewardCommand } from './commands';
import { toEntry } from './entries';
import { transactionBodyHash } from './idempotency';
import { dbNow, lockMember, openLots, replayOf, tierRefIn, writeOffExpired } from './steps';
import { insertEntry, takeFromLot, updateMemberFigures } from './writes';

/** The Idempotency-Key hash of a reward redemption: the same key for another reward is another request (422). */
const rewardBodyHash = (rewardId: string) => transactionBodyHash({ type: 'REWARD', rewardId });

/**
 * Spends a reward's points with one REDEEM entry that names it (docs/design.md §9 Rewards), the member's row locked:
 * the reward's own rules (`command.admit`: tier, dates, per-member limit, stock) are checked with the lock held,
 * so two redemptions of one member can never both pass the limit. Rewards price themselves: the point
 * settings' minimum and maximum redemption do not apply. Too few points: 409 INSUFFICIENT_POINTS.
 */
export async function applyRewardRedemption(
  tx: Queries,
  feed: ChangeFeed,
  command: RewardCommand,
): Promise<{ result: TransactionResult; events: EntryRecorded[] }> {
  const { tenantId, memberId, idempotencyKey } = command;
  const [member, tiers, now, rates, lots] = await Promise.all([
    lockMember(tx, tenantId, memberId),
    loadTiers(tx, tenantId),
    dbNow(tx),
    loadRates(tx, tenantId),
    openLots(tx, tenantId, memberId),
  ]);
  const bodyHash = rewardBodyHash(command.rewardId);
  if (idempotencyKey) {
    const replay = await replayOf(tx, tenantId, memberId, member, tiers, idempotencyKey, bodyHash);
    if (replay) return { result: replay, events: [] };
  }
  const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
  const balanceBeforeEntry = member.balance - expired;
  const spendable = Math.max(0, Math.min(spendableBalance(lots, now), balanceBeforeEntry));
  await command.admit(tx, { tierId: member.tierId, now });
  const takes = spendable >= command.points ? takeFromLots(lots, command.points, now) : null;
  if (!takes) {
    const needed = command.points - spendable;
    throw new AppError(409, REWARD_MESSAGES.INSUFFICIENT_POINTS(needed), { error: 'INSUFFICIENT_POINTS' });
  }
  await command.reserve(tx);

  const entryId = randomUUID();
  const balance = balanceBeforeEntry - command.points;
  const amount = centsToDecimal(redeemValueCents(command.points, rates));
  // The reward is named by its redemption row, in each reader's language (docs/design.md §10), not in English here.
  const reasonCode = 'REWARD_REDEEMED' as const;
  const spend = centsToNumber(toCents(member.lifetimeSpend));
  const event: EntryRecorded = {
    type: 'entry.recorded',
    memberId,
    entry: {
      id: entryId,
      type: 'REDEEM',
      points: -command.points,
      amount,
      reason: null,
      reasonCode,
      reversesId: null,
      branchId: command.branchId ?? null,
    },
    expired,
    balanceBeforeEntry,
    before: { balance: member.balance, lifetimeSpend: spend, tierId: member.tierId },
    after: { balance, lifetimeSpend: spend, tierId: member.tierId },
    expiresAt: null,
    recordedBy: command.recordedBy,
  };
  const [stored] = await Promise.all([
    insertEntry(tx, {
      id: entryId,
      tenantId,
      memberId,
      accountId: command.accountId,
      type: 'REDEEM',
      points: -command.points,
      amount,
      reasonCode,
      idempotencyKey: idempotencyKey ?? null,
      idempotencyBodyHash: idempotencyKey ? bodyHash : null,
      branchId: command.branchId ?? null,
      // Kept so a cancellation gives the points back to the lots they came from, with their expiry.
      lotTakes: takes.length ? takes.map((t) => ({ lotId: t.id, points: t.points })) : null,
      createdAt: now,
    }),
    updateMemberFigures(tx, {
      tenantId,
      memberId,
      balance,
      lifetimeSpend: member.lifetimeSpend,
      tierId: member.tierId,
    }),
    ...takes.map((take) => takeFromLot(tx, { tenantId, lotId: take.id, points: take.points })),
    feed.publish(tx, tenantId, [event]),
  ]);
  return {
    result: {
      entry: toEntry({
        ...stored,
        reward: {
          id: command.rewardId,
          name: command.rewardName,
          nameZh: command.rewardNameZh ?? null,
          nameCn: command.rewardNameCn ?? null,
        },
      }),
      pointsBalance: balance,
      lifetimeSpend: spend,
      tier: tierRefIn(tiers)(member.tierId),
      replayed: false,
    },
    events: [event],
  };
}
