import type { EarnTerms, RedeemTerms } from '@loyalty/contracts';

// Screens show what the engine will record (apps/api/src/modules/points/engine.ts), in whole cents so
// 0.1 + 0.2 style float errors never change a point.
const cents = (dollars: number) => Math.round(dollars * 100);

/** Points a purchase earns: floor(amount × earnRatePoints / earnRateAmount) in cents; 0 when earning is off. */
export function pointsForPurchase(amount: number, terms: EarnTerms | null): number {
  if (!terms?.isActive || !(amount > 0) || cents(terms.earnRateAmount) <= 0) return 0;
  return Math.floor((cents(amount) * terms.earnRatePoints) / cents(terms.earnRateAmount));
}

/** What redeeming `points` is worth in dollars, rounded down to the cent. */
export function valueOfPoints(points: number, terms: RedeemTerms): number {
  return Math.floor((points * cents(terms.redeemRateAmount)) / terms.redeemRatePoints) / 100;
}

/**
 * Points a refund of `refund` takes back from a purchase of `amount` that earned `earned`, after refunds totalling
 * `refunded` (docs/design.md §9 Orders, refunds): by cumulative floor, floor(P·R/A) in all, so a full refund takes
 * back exactly what the purchase earned. In whole cents and BigInt, as the engine's refundPoints.
 */
export function pointsTakenBack(earned: number, amount: number, refunded: number, refund: number): number {
  const a = BigInt(cents(amount));
  if (a <= 0n || earned <= 0 || !(refund > 0)) return 0;
  const takenIn = (r: number) => (BigInt(earned) * BigInt(cents(r))) / a;
  return Number(takenIn(refunded + refund) - takenIn(refunded));
}
