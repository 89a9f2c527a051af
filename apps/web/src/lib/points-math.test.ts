import { describe, expect, it } from 'vitest';
import { pointsForPurchase, pointsTakenBack, valueOfPoints } from './points-math';

const earn = (earnRateAmount: number, earnRatePoints: number, isActive = true) => ({
  isActive,
  earnRateAmount,
  earnRatePoints,
});
const redeem = {
  isActive: true,
  redeemRatePoints: 100,
  redeemRateAmount: 1,
  minimumRedemption: null,
  maximumRedemption: null,
};

describe('points math (as the engine records it)', () => {
  it('earns floor(amount × points / amount) in whole cents, without float drift', () => {
    expect(pointsForPurchase(12.34, earn(1, 10))).toBe(123);
    expect(pointsForPurchase(19.99, earn(1, 10))).toBe(199);
    // 0.1 + 0.2 is 0.30000000000000004 in floats; in cents it is 30 → 3 points at $0.10 a point.
    expect(pointsForPurchase(0.1 + 0.2, earn(0.1, 1))).toBe(3);
    expect(pointsForPurchase(10, earn(3, 1))).toBe(3);
  });

  it('earns nothing when earning is off, the amount is not positive, or there are no terms', () => {
    expect(pointsForPurchase(100, earn(1, 10, false))).toBe(0);
    expect(pointsForPurchase(0, earn(1, 10))).toBe(0);
    expect(pointsForPurchase(Number.NaN, earn(1, 10))).toBe(0);
    expect(pointsForPurchase(100, null)).toBe(0);
  });

  it('values points rounded down to the cent', () => {
    expect(valueOfPoints(2500, redeem)).toBe(25);
    expect(valueOfPoints(199, redeem)).toBe(1.99);
    expect(valueOfPoints(1, { ...redeem, redeemRatePoints: 3 })).toBe(0.33);
  });

  it('takes back refunds by cumulative floor, as the engine does: a full refund takes back exactly what was earned', () => {
    // The API's figures (refunds.test.ts): 5,333 points for $533.33, refunded $100, $100, then the rest.
    expect(pointsTakenBack(5333, 533.33, 0, 100)).toBe(999);
    expect(pointsTakenBack(5333, 533.33, 100, 100)).toBe(1000);
    expect(pointsTakenBack(5333, 533.33, 200, 333.33)).toBe(3334);
    expect(pointsTakenBack(5333, 533.33, 0, 533.33)).toBe(5333);
    expect(pointsTakenBack(100, 10, 0, Number.NaN)).toBe(0);
    expect(pointsTakenBack(0, 10, 0, 5)).toBe(0);
  });
});
