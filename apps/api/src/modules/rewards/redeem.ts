import { randomInt, randomUUID } from 'node:crypto';
import { CLAIM_CODE_ALPHABET, REWARD_MESSAGES, type RedeemAnswer, type RewardRefusal } from '@loyalty/contracts';
import type { Database, Queries } from '../../db/client';
import { uniqueField } from '../../db/unique-field';
import type { ChangeEvent, ChangeFeed, RecordChange, RecordedBy } from '../../lib/changes';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Writers } from '../ledger';
import { keyReusedWithAnotherBody, keyUsedForAnotherMember, lockMember } from '../ledger';
import { refusalOf } from './availability';
import {
  countMemberRedemptions,
  findRedemption,
  findRedemptionByEntry,
  findReward,
  giveStockBack,
  insertRedemption,
  setRedemptionState,
  takeStock,
  toRedemption,
} from './repository';

/** A random code of `length` characters without look-alikes (claim codes, redemption codes). */
export function randomCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

/** The 409 of a redemption the reward's rules refuse (INSUFFICIENT_POINTS is the ledger's, with the points). */
export function refused(code: Exclude<RewardRefusal, 'INSUFFICIENT_POINTS'>): AppError {
  return new AppError(409, REWARD_MESSAGES[code], { error: code });
}

export type RedeemInput = {
  tenantId: string;
  memberId: string;
  rewardId: string;
  accountId: string | null;
  recordedBy: RecordedBy | null;
  idempotencyKey?: string | undefined;
  /** The claim code the customer showed, when the redemption comes from one. */
  claimCode?: string;
  /** The branch it is redeemed at, resolved before (docs/design.md §10); null: none. */
  branchId?: string | null;
};

/**
 * Redeems a reward for a member in `tx` (docs/design.md §9 Rewards): the member's row locked first (as every points
 * write does, so a cancellation and a redemption take their locks in one order), the reward's rules checked
 * with it held, one of its stock taken, a REDEEM entry naming it through the ledger, and the redemption ISSUED.
 * A retry with the same Idempotency-Key answers the first redemption (`replayed`).
 */
export async function redeemIn(
  tx: Queries,
  writers: Writers,
  input: RedeemInput,
): Promise<{ answer: RedeemAnswer; replayed: boolean }> {
  const { tenantId, memberId, rewardId } = input;
  await lockMember(tx, tenantId, memberId);
  const found = await findReward(tx, tenantId, rewardId);
  if (!found) throw notFound(REWARD_MESSAGES.notFound);
  const reward = found.row;
  const { result } = await writers.ledger.apply(tx, {
    type: 'reward',
    tenantId,
    memberId,
    accountId: input.accountId,
    recordedBy: input.recordedBy,
    idempotencyKey: input.idempotencyKey,
    branchId: input.branchId ?? null,
    rewardId,
    rewardName: reward.name,
    rewardNameZh: reward.nameZh,
    rewardNameCn: reward.nameCn,
    points: reward.pointsCost,
    admit: async (q, member) => {
      const redeemed = await countMemberRedemptions(q, tenantId, memberId, rewardId);
      const refusal = refusalOf(
        reward,
        { tierId: member.tierId, spendable: Number.MAX_SAFE_INTEGER, redeemed },
        member.now,
      );
      if (refusal && refusal !== 'INSUFFICIENT_POINTS') throw refused(refusal);
    },
    reserve: async (q) => {
      if (reward.stock !== null && !(await takeStock(q, tenantId, rewardId))) throw refused('OUT_OF_STOCK');
    },
  });
  if (result.replayed) {
    // The key recorded a plain transaction, not this reward: another request under the same key.
    const first = await findRedemptionByEntry(tx, tenantId, result.entry.id);
    if (!first || first.rewardId !== rewardId) throw keyReusedWithAnotherBody(input.idempotencyKey ?? '');
    return { answer: { redemption: toRedemption(first, reward), pointsBalance: result.pointsBalance }, replayed: true };
  }
  const row = await insertRedemption(tx, {
    id: randomUUID(),
    tenantId,
    rewardId,
    rewardName: reward.name,
    memberId,
    ledgerId: result.entry.id,
    pointsCost: reward.pointsCost,
    code: randomCode(8),
    claimCode: input.claimCode ?? null,
    accountId: input.accountId,
    branchId: input.branchId ?? null,
  });
  await writers.changes.publish(tx, tenantId, [
    {
      type: 'reward.redeemed',
      data: {
        memberId,
        redemptionId: row.id,
        rewardId,
        rewardName: reward.name,
        entryId: result.entry.id,
        points: -reward.pointsCost,
        pointsBalance: result.pointsBalance,
        claimed: input.claimCode !== undefined,
        branchId: input.branchId ?? null,
      },
    },
  ]);
  return { answer: { redemption: toRedemption(row, reward), pointsBalance: result.pointsBalance }, replayed: false };
}

/** Runs `work` in a transaction, a race on an Idempotency-Key for another member answered as the ledger does. */
export async function inTransaction<T>(db: Database, work: (tx: Queries) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (error) {
    if (uniqueField(error) === 'idempotency') throw keyUsedForAnotherMember();
    throw error;
  }
}

export async function redeemReward(db: Database, writers: Writers, input: RedeemInput) {
  return inTransaction(db, (tx) => redeemIn(tx, writers, input));
}

const notIssued = () => conflict(REWARD_MESSAGES.notIssued, 'NOT_ISSUED');

/**
 * ISSUED → FULFILLED: the customer got the reward (staff or above). The member's open card page hears it and
 * drops the code it showed (docs/design.md §9).
 */
export async function fulfilRedemption(
  db: Database,
  changes: ChangeFeed,
  tenantId: string,
  id: string,
  recordChange: RecordChange,
) {
  return db.transaction(async (tx) => {
    const before = await findRedemption(tx, tenantId, id, true);
    if (!before) throw notFound(REWARD_MESSAGES.redemptionNotFound);
    if (before.state !== 'ISSUED') throw notIssued();
    const after = await setRedemptionState(tx, tenantId, id, 'FULFILLED');
    await recordChange(tx, 'redemptions', {
      action: 'reward.fulfil',
      target: { type: 'redemption', id },
      before: { state: before.state },
      after: { state: after.state, rewardName: after.rewardName, memberId: after.memberId },
    });
    await changes.publish(tx, tenantId, settled(after));
    return toRedemption(after);
  });
}

/**
 * ISSUED → CANCELLED (admin or owner): a REVERSAL of the REDEEM entry through the ledger, the points back to the
 * lots they came from with their expiry, one back to a limited stock; it no longer counts against the limit.
 */
export async function cancelRedemption(
  db: Database,
  writers: Writers,
  input: { tenantId: string; id: string; accountId: string | null; recordedBy: RecordedBy; recordChange: RecordChange },
) {
  const { tenantId, id } = input;
  return db.transaction(async (tx) => {
    const seen = await findRedemption(tx, tenantId, id);
    if (!seen) throw notFound(REWARD_MESSAGES.redemptionNotFound);
    if (seen.memberId) await lockMember(tx, tenantId, seen.memberId);
    const before = await findRedemption(tx, tenantId, id, true);
    if (before?.state !== 'ISSUED') throw notIssued();
    // An erased member's redemption (docs/design.md §10) is cancelled without a reversal: there is no one to give
    // the points back to (their figures stay in erased_members); the stock still gets its one back.
    let reversal: { entryId: string; pointsBalance: number } = { entryId: '', pointsBalance: 0 };
    // A full stamp card's reward (source STAMPS) or an automation's gift (source GIFT) has no points entry to reverse
    // (docs/design.md §10): it is only cancelled.
    if (before.memberId && before.ledgerId) {
      const { result } = await writers.ledger.apply(tx, {
        type: 'reversal',
        tenantId,
        memberId: before.memberId,
        entryId: before.ledgerId,
        rewardCancel: true,
        accountId: input.accountId,
        recordedBy: input.recordedBy,
      });
      reversal = { entryId: result.entry.id, pointsBalance: result.pointsBalance };
    }
    const after = await setRedemptionState(tx, tenantId, id, 'CANCELLED', reversal.entryId || undefined);
    if (before.rewardId) await giveStockBack(tx, tenantId, before.rewardId);
    await input.recordChange(tx, 'redemptions', {
      action: 'reward.cancel',
      target: { type: 'redemption', id },
      before: { state: before.state },
      after: { state: after.state, rewardName: after.rewardName, memberId: after.memberId },
    });
    await writers.changes.publish(tx, tenantId, settled(after));
    return { redemption: toRedemption(after), pointsBalance: reversal.pointsBalance };
  });
}

/** A redemption's end as the change feed tells it (a member erased since has no card to tell). */
function settled(row: { id: string; memberId: string | null; state: string }): ChangeEvent[] {
  if (!row.memberId) return [];
  const state = row.state === 'FULFILLED' ? 'FULFILLED' : 'CANCELLED';
  return [{ type: 'redemption.settled', memberId: row.memberId, redemptionId: row.id, state }];
}
