/** The point rules the specs seed (POST /api/points-conversion): $1 → 10 points, 100 points → $1, no expiry. */
export const TEN_POINTS_A_DOLLAR = {
  earnRateAmount: 1,
  earnRatePoints: 10,
  redeemRatePoints: 100,
  redeemRateAmount: 1,
  minimumRedemption: 100,
  maximumRedemption: 10000,
  expiryType: 'NEVER',
  pointsExpiryDays: null,
  pointsExpiryDate: null,
  isActive: true,
  description: '',
} as const;
