import type { TierPolicy, TierReviewInfo } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { centsToNumber, toCents } from './engine';
import { candidates, reviewClock, windowAt } from './tier-policy';
import type { TierRow } from './tiers';

/**
 * What the counter and the member dialog show of a member's tier under the saved policy: the next review, the
 * spend the policy will count then (purchases so far), the tier's minimum, what is still needed to keep it, and
 * a grace period running. Null with no tier held, a pinned tier, or no policy saved.
 */
export async function memberTierReview(
  db: Queries,
  tenantId: string,
  memberId: string,
  policy: TierPolicy,
  tiers: readonly TierRow[],
  now: Date,
): Promise<TierReviewInfo | null> {
  if (!policy.saved) return null;
  const { nextReviewAt } = await reviewClock(db, tenantId, now);
  const window = await windowAt(db, tenantId, policy.basis, policy.months, nextReviewAt);
  const [member] = await candidates(db, tenantId, window, memberId);
  if (!member || member.pinned || member.tierId === null) return null;
  const tier = tiers.find((t) => t.id === member.tierId);
  if (!tier) return null;
  const qualifying = toCents(member.qualifying);
  const short = tier.minCents - qualifying;
  return {
    basis: policy.basis,
    nextReviewAt: nextReviewAt.toISOString(),
    qualifyingSpend: centsToNumber(qualifying),
    keepSpend: centsToNumber(tier.minCents),
    spendToKeep: centsToNumber(short > 0n ? short : 0n),
    graceUntil: member.graceUntil?.toISOString() ?? null,
  };
}
