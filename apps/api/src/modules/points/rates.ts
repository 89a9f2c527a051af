import type { EarnTerms, RedeemTerms } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { pointsConversionSettings } from '../../db/schema';
import { centsToNumber, type Rates, toCents } from './engine';

const ratesStatement = preparedStatements((db: Queries) =>
  db
    .select()
    .from(pointsConversionSettings)
    .where(eq(pointsConversionSettings.tenantId, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('member_rates'),
);

/** The tenant's point settings as the rules use them (whole cents); null when none are saved. */
export async function loadRates(db: Queries, tenantId: string): Promise<Rates | null> {
  const [s] = await ratesStatement(db).execute({ tenantId });
  if (!s) return null;
  return {
    earnRateAmountCents: toCents(s.earnRateAmount),
    earnRatePoints: s.earnRatePoints,
    redeemRatePoints: s.redeemRatePoints,
    redeemRateAmountCents: toCents(s.redeemRateAmount),
    minimumRedemption: s.minimumRedemption,
    maximumRedemption: s.maximumRedemption,
    expiryType: s.expiryType,
    pointsExpiryDays: s.pointsExpiryDays,
    pointsExpiryDate: s.pointsExpiryDate,
    isActive: s.isActive,
    limits: {
      refundWindowDays: s.refundWindowDays,
      maxPointsPerPurchase: s.maxPointsPerPurchase,
      maxPurchasesPerMemberPerDay: s.maxPurchasesPerMemberPerDay,
      staffMaxPurchaseCents: s.staffMaxPurchaseAmount === null ? null : toCents(s.staffMaxPurchaseAmount),
    },
  };
}

export const redeemTerms = (rates: Rates | null): RedeemTerms | null =>
  rates && {
    isActive: rates.isActive,
    redeemRatePoints: rates.redeemRatePoints,
    redeemRateAmount: centsToNumber(rates.redeemRateAmountCents),
    minimumRedemption: rates.minimumRedemption,
    maximumRedemption: rates.maximumRedemption,
  };

export const earnTerms = (rates: Rates | null): EarnTerms | null =>
  rates && {
    isActive: rates.isActive,
    earnRateAmount: centsToNumber(rates.earnRateAmountCents),
    earnRatePoints: rates.earnRatePoints,
  };
