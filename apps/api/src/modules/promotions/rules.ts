import { type PromotionKind, WEEKDAYS, type Weekday } from '@loyalty/contracts';

/**
 * The promotion rule of docs/design.md §10 as pure functions, used by the purchase (ledger), the counter's
 * preview and the simulator alike: base points first (§4, what `maxPointsPerPurchase` bounds), then the highest
 * multiplier that applies (never stacked: extra = floor(base × factor) − base), then every bonus that applies.
 * Times are the business's wall clock (ISO weekday and minute of the day), worked out by the caller in SQL.
 */

export type PromotionRule = {
  id: string;
  kind: PromotionKind;
  /** MULTIPLIER: the factor in tenths (2.0 → 20), so the arithmetic stays whole. */
  factorTenths: number;
  /** BONUS: the points added. */
  bonusPoints: number;
  minAmountCents: bigint | null;
  /** The weekdays it runs as bits, Monday the lowest (all seven: every day). */
  dayBits: number;
  /** Minutes of the day, from inclusive, to exclusive; null: the day's start or its end. */
  fromMinute: number | null;
  toMinute: number | null;
  validFromMs: number | null;
  validToMs: number | null;
  /** Empty: every tier, every purchase. */
  tierIds: readonly string[];
  branchIds: readonly string[];
  perMemberLimit: number | null;
};

/** One purchase as the rule sees it: amount, wall clock in the business's time zone, instant, member and branch. */
export type PurchaseMoment = {
  amountCents: bigint;
  /** ISO weekday, Monday 1 … Sunday 7. */
  dow: number;
  /** Minutes since the local midnight. */
  minute: number;
  atMs: number;
  tierId: string | null;
  branchId: string | null;
};

export type Award = { id: string; points: number };

const ALL_DAYS = 0b111_1111;

export const dayBitsOf = (days: readonly Weekday[] | null): number =>
  days === null ? ALL_DAYS : days.reduce((bits, day) => bits | (1 << WEEKDAYS.indexOf(day)), 0);

export const minuteOf = (clock: string | null): number | null => {
  if (!clock) return null;
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

const runsOn = (bits: number, dow: number) => ((bits >> (dow - 1)) & 1) === 1;

/**
 * Whether the time of day falls in the rule's hours on one of its days. A window whose start is after its end
 * (22:00–02:00) runs past midnight and belongs to the day it starts: 01:00 on Tuesday is Monday's window.
 */
export function inHours(rule: Pick<PromotionRule, 'dayBits' | 'fromMinute' | 'toMinute'>, dow: number, minute: number) {
  const from = rule.fromMinute ?? 0;
  const to = rule.toMinute ?? 1440;
  if (from < to) return runsOn(rule.dayBits, dow) && minute >= from && minute < to;
  const dayBefore = dow === 1 ? 7 : dow - 1;
  return (runsOn(rule.dayBits, dow) && minute >= from) || (runsOn(rule.dayBits, dayBefore) && minute < to);
}

/** Whether the rule applies to the purchase, given how often the member already benefited from it. */
export function applies(rule: PromotionRule, at: PurchaseMoment, used: number): boolean {
  if (rule.minAmountCents !== null && at.amountCents < rule.minAmountCents) return false;
  if (rule.validFromMs !== null && at.atMs < rule.validFromMs) return false;
  if (rule.validToMs !== null && at.atMs >= rule.validToMs) return false;
  if (rule.tierIds.length > 0 && (at.tierId === null || !rule.tierIds.includes(at.tierId))) return false;
  // A promotion limited to branches needs a purchase recorded at one of them.
  if (rule.branchIds.length > 0 && (at.branchId === null || !rule.branchIds.includes(at.branchId))) return false;
  if (rule.perMemberLimit !== null && used >= rule.perMemberLimit) return false;
  return inHours(rule, at.dow, at.minute);
}

const NO_USES = () => 0;

/**
 * What the promotions add to `base` points: the highest multiplier that applies (a tie goes to the lower id, so
 * the answer is stable), then every bonus that applies, each with the points it gave (only those giving some).
 * `used` tells how often the member already benefited from a rule (for `perMemberLimit`).
 */
export function promotionAwards(
  base: number,
  rules: readonly PromotionRule[],
  at: PurchaseMoment,
  used: (id: string) => number = NO_USES,
): Award[] {
  let best: PromotionRule | null = null;
  for (const rule of rules) {
    if (rule.kind !== 'MULTIPLIER' || !applies(rule, at, rule.perMemberLimit === null ? 0 : used(rule.id))) continue;
    if (
      !best ||
      rule.factorTenths > best.factorTenths ||
      (rule.factorTenths === best.factorTenths && rule.id < best.id)
    ) {
      best = rule;
    }
  }
  const awards: Award[] = [];
  if (best && base > 0) {
    const extra = Math.floor((base * best.factorTenths) / 10) - base;
    if (extra > 0) awards.push({ id: best.id, points: extra });
  }
  for (const rule of rules) {
    if (rule.kind !== 'BONUS' || rule.bonusPoints <= 0) continue;
    if (applies(rule, at, rule.perMemberLimit === null ? 0 : used(rule.id))) {
      awards.push({ id: rule.id, points: rule.bonusPoints });
    }
  }
  return awards;
}

export const sumAwards = (awards: readonly Award[]) => awards.reduce((sum, a) => sum + a.points, 0);
