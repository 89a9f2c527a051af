import type { PurchasePreview, PurchasePreviewBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { loadRates, NO_LIMITS, pointsEarned, toCents } from '../points';
import { promotionsForPurchase } from './earning';
import { livePromotions, memberTier } from './repository';

/**
 * What a purchase of `amount` would earn if recorded now (docs/design.md §10): the counter shows it before
 * Record. The same rule as the purchase itself (earning.ts), read without locking anything; the purchase may
 * still differ when a write for the same member lands in between.
 */
export async function previewPurchase(
  db: Database,
  tenantId: string,
  memberId: string,
  body: PurchasePreviewBody,
): Promise<PurchasePreview> {
  const [member, rates, live] = await Promise.all([
    memberTier(db, tenantId, memberId),
    loadRates(db, tenantId),
    livePromotions(db, tenantId),
  ]);
  if (!member) throw notFound('Member not found');
  const cents = toCents(body.amount.toFixed(2));
  const basePoints = pointsEarned(cents, rates);
  const promoted = await promotionsForPurchase(db, live, {
    tenantId,
    memberId,
    rates,
    basePoints,
    amountCents: cents,
    tierId: member.tierId,
    branchId: body.branchId,
  });
  const cap = (rates?.limits ?? NO_LIMITS).maxPointsPerPurchase;
  return {
    basePoints,
    points: basePoints + promoted.points,
    promotions: promoted.named,
    overCap: cap !== null && basePoints > cap,
  };
}
