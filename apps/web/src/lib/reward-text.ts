import type { RewardKind } from '@loyalty/contracts';
import { formatMoney, formatNumber } from './i18n/format';
import { t } from './i18n/i18n';
import { localizedName } from './i18n/localized-name';

/**
 * A reward's words wherever it shows (the Rewards screen, the counter, the customer's card): its name in the
 * active language and what it gives. Shared here because features do not import each other.
 */
type Named = { name: string; nameZh: string | null; nameCn: string | null };
type Offer = { kind: RewardKind; value: number | null };

export const rewardName = (reward: Named) => localizedName(reward.name, reward.nameZh, reward.nameCn);

export function rewardOffer(reward: Offer): string {
  if (reward.kind === 'AMOUNT_OFF') return t('rewards.offerAmountOff', { amount: formatMoney(reward.value ?? 0) });
  if (reward.kind === 'PERCENT_OFF') return t('rewards.offerPercentOff', { percent: reward.value ?? 0 });
  return t('rewards.offerFreeItem');
}

export const rewardCost = (points: number) => t('rewards.cost', { count: points, points: formatNumber(points) });

/** "38 points to a free coffee" */
export const rewardProgress = (reward: Named & { pointsNeeded: number }) =>
  t('rewards.pointsTo', {
    count: reward.pointsNeeded,
    points: formatNumber(reward.pointsNeeded),
    reward: rewardName(reward),
  });
