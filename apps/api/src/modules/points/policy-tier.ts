import type { TierPolicy } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { effectiveTierId, tierForSpend } from './engine';
import { memberWindowSpend, windowAt } from './tier-policy';
import type { TierRow } from './tiers';

/** What the rule reads of the member being written (locked by the ledger). */
type MemberTier = { tierId: string | null; tierPinned: boolean };

/**
 * The member's tier after a write that changes spend by `addedCents` (a purchase > 0, a refund or reversal < 0).
 * With no policy saved, lifetime spend decides both ways, as before policies. With one, spend is counted on the
 * policy's basis and a purchase moves the member up at once when that spend reaches a higher tier; nothing moves
 * a member down between reviews: the daily review applies the policy's downgrade and grace period.
 */
export async function tierAfterWrite(
  tx: Queries,
  tenantId: string,
  memberId: string,
  member: MemberTier,
  lifetimeCents: bigint,
  addedCents: bigint,
  tiers: readonly TierRow[],
  policy: TierPolicy,
  now: Date,
): Promise<string | null> {
  if (!policy.saved) return effectiveTierId(member.tierPinned, member.tierId, lifetimeCents, tiers);
  if (member.tierPinned || addedCents <= 0n) return member.tierId;
  let qualifying = lifetimeCents;
  const window = await windowAt(tx, tenantId, policy.basis, policy.months, now);
  if (window) {
    // The purchase is not written yet: its amount joins the window's current part.
    const spent = await memberWindowSpend(tx, tenantId, memberId, window);
    const current = spent.current + addedCents;
    qualifying = window.previousFrom && spent.previous > current ? spent.previous : current;
  }
  const target = tierForSpend(qualifying, tiers);
  const held = tiers.find((t) => t.id === member.tierId);
  return target && (!held || target.minCents > held.minCents) ? target.id : member.tierId;
}
