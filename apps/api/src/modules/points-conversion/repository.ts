import type { PointsConversion, PointsConversionBody } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pointsConversionSettings as settings } from '../../db/schema';
import type { RecordChange } from '../../lib/changes';

type Row = typeof settings.$inferSelect;

/** Numeric columns come back from the driver as strings; the answer carries JSON numbers. */
const toAnswer = (row: Row): PointsConversion => ({
  earnRateAmount: Number(row.earnRateAmount),
  earnRatePoints: row.earnRatePoints,
  redeemRatePoints: row.redeemRatePoints,
  redeemRateAmount: Number(row.redeemRateAmount),
  minimumRedemption: row.minimumRedemption,
  maximumRedemption: row.maximumRedemption,
  expiryType: row.expiryType,
  pointsExpiryDays: row.pointsExpiryDays,
  pointsExpiryDate: row.pointsExpiryDate ? row.pointsExpiryDate.toISOString() : null,
  isActive: row.isActive,
  description: row.description,
  refundWindowDays: row.refundWindowDays,
  maxPointsPerPurchase: row.maxPointsPerPurchase,
  maxPurchasesPerMemberPerDay: row.maxPurchasesPerMemberPerDay,
  staffMaxPurchaseAmount: row.staffMaxPurchaseAmount === null ? null : Number(row.staffMaxPurchaseAmount),
  expiryWarningDays: row.expiryWarningDays,
});

export async function findPointsConversion(db: Database, tenantId: string): Promise<PointsConversion | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.tenantId, tenantId)).limit(1);
  return row ? toAnswer(row) : undefined;
}

/** One statement: two saves at the same moment leave one of the two bodies whole, never a mix. */
export async function savePointsConversion(
  db: Database,
  tenantId: string,
  body: PointsConversionBody,
  recordChange: RecordChange,
): Promise<PointsConversion> {
  const values = {
    ...body,
    earnRateAmount: body.earnRateAmount.toFixed(2),
    redeemRateAmount: body.redeemRateAmount.toFixed(2),
    pointsExpiryDate: body.pointsExpiryDate ? new Date(body.pointsExpiryDate) : null,
    // Absent (undefined): the insert takes the column's default and the update keeps the stored value.
    staffMaxPurchaseAmount:
      body.staffMaxPurchaseAmount === undefined || body.staffMaxPurchaseAmount === null
        ? body.staffMaxPurchaseAmount
        : body.staffMaxPurchaseAmount.toFixed(2),
  };
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.tenantId, tenantId)).for('update');
    const [saved] = await tx
      .insert(settings)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: settings.tenantId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (!saved) throw new Error('points conversion upsert returned no row');
    await recordChange(tx, 'points-conversion', {
      action: 'pointsConversion.update',
      target: { type: 'pointsConversion', id: tenantId },
      before: before && toAnswer(before),
      after: toAnswer(saved),
    });
    return saved;
  });
  return toAnswer(row);
}
