/**
 * The loyalty engine as pure functions (docs/design.md §4): whole-cent integer arithmetic, lots with an expiry fixed
 * when earned, redemptions spending the soonest-expiring lots first, tiers by lifetime spend. The repository
 * persists what these functions decide; the property tests drive them with any order of operations and clock.
 */

export type ExpiryType = 'NEVER' | 'DAYS' | 'DATE';

/** The tenant's points conversion settings, amounts already in whole cents. */
export type Rates = {
  earnRateAmountCents: bigint;
  earnRatePoints: number;
  redeemRatePoints: number;
  redeemRateAmountCents: bigint;
  minimumRedemption: number | null;
  maximumRedemption: number | null;
  expiryType: ExpiryType;
  pointsExpiryDays: number | null;
  pointsExpiryDate: Date | null;
  isActive: boolean;
  /** The limits a purchase keeps within and the refund window (absent: the defaults, NO_LIMITS). */
  limits?: Limits;
};

/** What the point settings bound (null: no bound): the refund window in days and a purchase's limits. */
export type Limits = {
  refundWindowDays: number | null;
  maxPointsPerPurchase: number | null;
  maxPurchasesPerMemberPerDay: number | null;
  staffMaxPurchaseCents: bigint | null;
};

/** A business that saved no point settings: refunds within 90 days, no limits. */
export const NO_LIMITS: Limits = {
  refundWindowDays: 90,
  maxPointsPerPurchase: null,
  maxPurchasesPerMemberPerDay: null,
  staffMaxPurchaseCents: null,
};

/**
 * Points a refund takes back, by cumulative floor: after refunds totalling R of an amount A that earned P
 * points, floor(P·R/A) have been taken back in all, so partial refunds never take back more than a full one
 * and a full refund takes back exactly P, however it was split.
 */
export function refundPoints(earned: number, amountCents: bigint, refundedCents: bigint, refundCents: bigint): number {
  if (amountCents <= 0n || earned <= 0) return 0;
  const takenIn = (r: bigint) => (BigInt(earned) * r) / amountCents;
  return Number(takenIn(refundedCents + refundCents) - takenIn(refundedCents));
}

export type Lot = { id: string; points: number; remaining: number; expiresAt: Date | null };

export type TierRange = { id: string; name: string; minCents: bigint; maxCents: bigint | null; isActive: boolean };

const DAY_MS = 86_400_000;

/** "12.34" (a numeric column or a JSON number's text) → 1234n; never through floating point. */
export function toCents(value: string | number): bigint {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text);
  if (!match) throw new Error(`not an amount: ${text}`);
  const cents = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** 1234n → "12.34", for numeric columns. */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Dollars as a JSON number (two decimals exactly representable as text). */
export const centsToNumber = (cents: bigint): number => Number(centsToDecimal(cents));

/** Points a purchase earns: floor(amount × earnRatePoints / earnRateAmount) in whole cents; 0 when inactive. */
export function pointsEarned(amountCents: bigint, rates: Rates | null): number {
  if (!rates?.isActive || amountCents <= 0n || rates.earnRateAmountCents <= 0n) return 0;
  return Number((amountCents * BigInt(rates.earnRatePoints)) / rates.earnRateAmountCents);
}

/** When points earned at `earnedAt` expire, fixed at that moment: null for never. */
export function expiryFor(rates: Rates | null, earnedAt: Date): Date | null {
  if (!rates) return null;
  if (rates.expiryType === 'DAYS' && rates.pointsExpiryDays) {
    return new Date(earnedAt.getTime() + rates.pointsExpiryDays * DAY_MS);
  }
  if (rates.expiryType === 'DATE' && rates.pointsExpiryDate) return new Date(rates.pointsExpiryDate.getTime());
  return null;
}

/** A lot is expired from its expiry instant on. */
const isExpired = (lot: Pick<Lot, 'expiresAt'>, now: Date) =>
  lot.expiresAt !== null && lot.expiresAt.getTime() <= now.getTime();

/** The points a member can spend now: remaining points of lots not expired. */
export function spendableBalance(lots: readonly Lot[], now: Date): number {
  let total = 0;
  for (const lot of lots) if (!isExpired(lot, now)) total += lot.remaining;
  return total;
}

/** Lots past their expiry that still hold points: each goes to 0 with an EXPIRE of what it held. */
export function expireLots(lots: readonly Lot[], now: Date): { id: string; points: number }[] {
  return lots
    .filter((lot) => lot.remaining > 0 && isExpired(lot, now))
    .map((lot) => ({ id: lot.id, points: lot.remaining }));
}

/** Soonest expiry first, never-expiring last; ties by id so the order is stable. */
function spendOrder(a: Lot, b: Lot): number {
  const ax = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bx = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Which lots give how many points to spend `points`, soonest-expiring first; null when not enough. */
export function takeFromLots(lots: readonly Lot[], points: number, now: Date): { id: string; points: number }[] | null {
  if (points <= 0) return [];
  const usable = lots.filter((lot) => lot.remaining > 0 && !isExpired(lot, now)).sort(spendOrder);
  const takes: { id: string; points: number }[] = [];
  let left = points;
  for (const lot of usable) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    takes.push({ id: lot.id, points: take });
    left -= take;
  }
  return left === 0 ? takes : null;
}

type RedeemRefusal = 'INACTIVE' | 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM' | 'INSUFFICIENT';

/** Whether `points` may be redeemed now: system active, within minimum and maximum, within the spendable balance. */
export function checkRedemption(points: number, spendable: number, rates: Rates | null): RedeemRefusal | null {
  if (!rates?.isActive) return 'INACTIVE';
  if (rates.minimumRedemption !== null && points < rates.minimumRedemption) return 'BELOW_MINIMUM';
  if (rates.maximumRedemption !== null && points > rates.maximumRedemption) return 'ABOVE_MAXIMUM';
  if (points > spendable) return 'INSUFFICIENT';
  return null;
}

/** What redeemed points are worth: points / redeemRatePoints × redeemRateAmount, floored to whole cents. */
export function redeemValueCents(points: number, rates: Rates | null): bigint {
  if (!rates || rates.redeemRatePoints <= 0) return 0n;
  return (BigInt(points) * rates.redeemRateAmountCents) / BigInt(rates.redeemRatePoints);
}

const holds = (tier: TierRange, spend: bigint) =>
  spend >= tier.minCents && (tier.maxCents === null || spend < tier.maxCents);

/** The active tier whose [min, max) holds the lifetime spend (null max = ∞); the highest minimum wins a tie. */
export function tierForSpend<T extends TierRange>(spendCents: bigint, tiers: readonly T[]): T | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (!tier.isActive || !holds(tier, spendCents)) continue;
    if (!best || tier.minCents > best.minCents) best = tier;
  }
  return best;
}

/** The next active tier above the spend (lowest minimum beyond it) and the cents still to spend to reach it. */
export function nextTier<T extends TierRange>(
  spendCents: bigint,
  tiers: readonly T[],
): { tier: T; centsToGo: bigint } | null {
  let best: T | null = null;
  for (const tier of tiers) {
    if (!tier.isActive || tier.minCents <= spendCents) continue;
    if (!best || tier.minCents < best.minCents) best = tier;
  }
  return best ? { tier: best, centsToGo: best.minCents - spendCents } : null;
}

/** The tier a member holds: the pinned one when an admin pinned it, else the one lifetime spend gives. */
export function effectiveTierId(
  pinned: boolean,
  currentTierId: string | null,
  spendCents: bigint,
  tiers: readonly TierRange[],
): string | null {
  if (pinned) return currentTierId;
  return tierForSpend(spendCents, tiers)?.id ?? null;
}
