import {
  CLAIM_CODE_LENGTH,
  CLAIM_MINUTES,
  type ClaimAnswer,
  REWARD_MESSAGES,
  type RedeemAnswer,
} from '@loyalty/contracts';
import type { Database, Queries } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { Writers } from '../ledger';
import { dbNow } from '../ledger';
import { refusalOf } from './availability';
import { inTransaction, type RedeemInput, randomCode, redeemIn, refused } from './redeem';
import {
  claimUse,
  countMemberRedemptions,
  findReward,
  insertClaim,
  lockClaim,
  markClaimUsed,
  redemptionEntryKey,
} from './repository';

/**
 * A customer claims a reward on the phone (docs/design.md §9): a single-use code valid 10 minutes. Claiming reserves
 * nothing (points, stock and limits are checked again when staff redeem it), but a reward the member cannot have
 * now is refused with the redemption's code, so the phone never shows a code the counter will turn down.
 */
export async function claimReward(
  db: Database,
  tenantId: string,
  member: { id: string; tierId: string | null; spendable: number },
  rewardId: string,
): Promise<ClaimAnswer> {
  const found = await findReward(db, tenantId, rewardId);
  if (!found) throw notFound(REWARD_MESSAGES.notFound);
  const [redeemed, now] = await Promise.all([countMemberRedemptions(db, tenantId, member.id, rewardId), dbNow(db)]);
  const refusal = refusalOf(found.row, { tierId: member.tierId, spendable: member.spendable, redeemed }, now);
  if (refusal === 'INSUFFICIENT_POINTS') {
    const needed = found.row.pointsCost - member.spendable;
    throw new AppError(409, REWARD_MESSAGES.INSUFFICIENT_POINTS(needed), { error: refusal });
  }
  if (refusal) throw refused(refusal);
  const claim = await insertClaim(db, {
    code: randomCode(CLAIM_CODE_LENGTH),
    tenantId,
    memberId: member.id,
    rewardId,
    minutes: CLAIM_MINUTES,
  });
  return { claimCode: claim.code, expiresAt: claim.expiresAt.toISOString() };
}

/**
 * Staff redeem a claimed code (typed or scanned): the claim's row locked, so a code typed at two tills at once is
 * redeemed once. Another business's code is not found (404); used: 409 CLAIM_USED with when and by whom (a retry
 * with the same Idempotency-Key answers the first redemption); lapsed: 410 CLAIM_EXPIRED.
 */
export async function redeemClaim(
  db: Database,
  writers: Writers,
  code: string,
  by: Omit<RedeemInput, 'memberId' | 'rewardId' | 'claimCode'>,
): Promise<{ answer: RedeemAnswer; replayed: boolean }> {
  return inTransaction(db, async (tx) => {
    const found = await lockClaim(tx, by.tenantId, code);
    if (!found) throw notFound(REWARD_MESSAGES.claimNotFound);
    const { claim, expired } = found;
    const input = { ...by, memberId: claim.memberId, rewardId: claim.rewardId, claimCode: claim.code };
    if (claim.usedAt) {
      if (by.idempotencyKey && (await usedWithKey(tx, by.tenantId, claim.redemptionId, by.idempotencyKey))) {
        return redeemIn(tx, writers, input);
      }
      // When and by whom, so the counter can tell staff the reward was already handed over.
      throw new AppError(409, REWARD_MESSAGES.claimUsed, {
        error: 'CLAIM_USED',
        used: await claimUse(tx, by.tenantId, claim.usedAt, claim.redemptionId),
      });
    }
    if (expired) throw new AppError(410, REWARD_MESSAGES.claimExpired, { error: 'CLAIM_EXPIRED' });
    const done = await redeemIn(tx, writers, input);
    await markClaimUsed(tx, by.tenantId, claim.code, done.answer.redemption.id);
    return done;
  });
}

/** Whether the claim was redeemed under `key` (then a retry replays instead of answering CLAIM_USED). */
async function usedWithKey(tx: Queries, tenantId: string, redemptionId: string | null, key: string) {
  return redemptionId !== null && (await redemptionEntryKey(tx, tenantId, redemptionId)) === key;
}
