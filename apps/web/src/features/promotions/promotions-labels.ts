import type { PromotionKind, Weekday } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

export const KIND_LABELS: Record<PromotionKind, MessageKey> = {
  MULTIPLIER: 'promotions.kindMultiplier',
  BONUS: 'promotions.kindBonus',
};

export const DAY_LABELS: Record<Weekday, MessageKey> = {
  MON: 'promotions.dayMon',
  TUE: 'promotions.dayTue',
  WED: 'promotions.dayWed',
  THU: 'promotions.dayThu',
  FRI: 'promotions.dayFri',
  SAT: 'promotions.daySat',
  SUN: 'promotions.daySun',
};
