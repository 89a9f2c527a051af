import type { MemberReward, RewardRefusal } from '@loyalty/contracts';
import type { RewardRow } from './repository';

type Rules = Pick<
  RewardRow,
  'active' | 'validFrom' | 'validTo' | 'tierIds' | 'perMemberLimit' | 'stock' | 'pointsCost'
>;

/** Whether the reward is offered at `now` at all: active and within its dates. */
const offeredAt = (reward: Rules, now: Date) =>
  reward.active &&
  (reward.validFrom === null || reward.validFrom <= now) &&
  (reward.validTo === null || reward.validTo > now);

/** Whether a member of `tierId` may have it (no tiers named: everyone). */
const eligible = (reward: Rules, tierId: string | null) =>
  reward.tierIds.length === 0 || (tierId !== null && reward.tierIds.includes(tierId));

/**
 * Why the member cannot have the reward now, checked in the order a person at the counter would explain it
 * (not offered, not for this tier, limit, stock, points); null when they can.
 */
export function refusalOf(
  reward: Rules,
  member: { tierId: string | null; spendable: number; redeemed: number },
  now: Date,
): RewardRefusal | null {
  if (!offeredAt(reward, now)) return 'NOT_AVAILABLE';
  if (!eligible(reward, member.tierId)) return 'NOT_ELIGIBLE';
  if (reward.perMemberLimit !== null && member.redeemed >= reward.perMemberLimit) return 'LIMIT_REACHED';
  if (reward.stock !== null && reward.stock <= 0) return 'OUT_OF_STOCK';
  if (member.spendable < reward.pointsCost) return 'INSUFFICIENT_POINTS';
  return null;
}

/**
 * The rewards a member sees (the card, the counter's panel): those offered now to their tier, each with
 * whether it can be had and the points still to earn.
 */
export function memberRewards(
  rows: readonly { row: RewardRow; mine: number }[],
  member: { tierId: string | null; spendable: number },
  now: Date,
): MemberReward[] {
  const out: MemberReward[] = [];
  for (const { row, mine } of rows) {
    if (!offeredAt(row, now) || !eligible(row, member.tierId)) continue;
    const refusal = refusalOf(row, { ...member, redeemed: mine }, now);
    out.push({
      id: row.id,
      name: row.name,
      nameZh: row.nameZh,
      nameCn: row.nameCn,
      description: row.description,
      kind: row.kind,
      value: row.value === null ? null : Number(row.value),
      imageUrl: row.imageUrl,
      pointsCost: row.pointsCost,
      available: refusal === null,
      // Counted from the balance as it is: below zero after a refund, the customer needs more than the cost.
      pointsNeeded: Math.max(0, row.pointsCost - member.spendable),
      blockedBy: refusal === 'OUT_OF_STOCK' || refusal === 'LIMIT_REACHED' ? refusal : null,
    });
  }
  return out;
}
