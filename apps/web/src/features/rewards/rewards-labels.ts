import type { RewardKind } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

export const KIND_LABELS: Record<RewardKind, MessageKey> = {
  FREE_ITEM: 'rewards.kindFreeItem',
  AMOUNT_OFF: 'rewards.kindAmountOff',
  PERCENT_OFF: 'rewards.kindPercentOff',
};
