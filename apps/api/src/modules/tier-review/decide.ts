import type { TierPolicy } from '@loyalty/contracts';
import { type TierRange, tierForSpend } from '../points';

/** A member as the review sees it: its tier, pin, grace period and the spend the policy counts. */
type ReviewedMember = {
  tierId: string | null;
  pinned: boolean;
  graceUntil: Date | null;
  qualifyingCents: bigint;
};

export type Decision =
  | { kind: 'move'; direction: 'UP' | 'DOWN'; toTierId: string | null }
  /** The downgrade waits: the grace period starts now and ends `until`. */
  | { kind: 'grace'; until: Date }
  /** The member qualifies again during the grace period: it ends, nothing moves. */
  | { kind: 'clearGrace' };

const DAY_MS = 24 * 3600 * 1000;

/** A tier's place in the ladder: its minimum spend; no tier below every tier. */
const rankOf = (tiers: readonly TierRange[], id: string | null): bigint =>
  id === null ? -1n : (tiers.find((t) => t.id === id)?.minCents ?? -1n);

/**
 * What the policy does to one member at the review `at`: the qualifying spend's tier above the held one moves the
 * member up at once; below it, the policy's downgrade (none, one step down the ladder of active tiers, or straight
 * to the qualifying tier), after the grace period if there is one. A pinned tier is never touched.
 */
export function decide(
  member: ReviewedMember,
  tiers: readonly TierRange[],
  policy: Pick<TierPolicy, 'downgrade' | 'graceDays'>,
  at: Date,
): Decision | null {
  if (member.pinned) return null;
  const target = tierForSpend(member.qualifyingCents, tiers)?.id ?? null;
  const held = rankOf(tiers, member.tierId);
  const wanted = rankOf(tiers, target);
  if (target === member.tierId || wanted === held) return member.graceUntil ? { kind: 'clearGrace' } : null;
  if (wanted > held) return { kind: 'move', direction: 'UP', toTierId: target };
  if (policy.downgrade === 'NONE') return member.graceUntil ? { kind: 'clearGrace' } : null;
  if (policy.graceDays > 0) {
    if (!member.graceUntil) return { kind: 'grace', until: new Date(at.getTime() + policy.graceDays * DAY_MS) };
    if (member.graceUntil > at) return null;
  }
  if (policy.downgrade === 'TO_QUALIFYING') return { kind: 'move', direction: 'DOWN', toTierId: target };
  // One step: the highest active tier below the held one (never below the qualifying tier, which is lower still).
  let step: TierRange | null = null;
  for (const t of tiers) {
    if (!t.isActive || t.minCents >= held) continue;
    if (!step || t.minCents > step.minCents) step = t;
  }
  return { kind: 'move', direction: 'DOWN', toTierId: step?.id ?? target };
}
