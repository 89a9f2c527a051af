import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { memberConsents, members, membershipTiers, pointsLedger, rewardRedemptions, tenants } from '../../db/schema';

/** The member with its tier's name and business's name, as the export shows it; undefined when none. */
export async function findMemberForExport(db: Queries, tenantId: string, memberId: string) {
  const [row] = await db
    .select({
      member: members,
      tierName: membershipTiers.name,
      businessName: tenants.businessName,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row;
}

/** Every change of the member's marketing consent, oldest first. */
export async function marketingConsentChanges(db: Queries, tenantId: string, memberId: string) {
  return db
    .select({ granted: memberConsents.granted, source: memberConsents.source, at: memberConsents.createdAt })
    .from(memberConsents)
    .where(
      and(
        eq(memberConsents.tenantId, tenantId),
        eq(memberConsents.memberId, memberId),
        eq(memberConsents.kind, 'marketing'),
      ),
    )
    .orderBy(asc(memberConsents.createdAt), asc(memberConsents.id));
}

/** Sets the member's marketing consent and records the change; false when there is no such member. */
export async function setMarketingConsent(
  tx: Queries,
  tenantId: string,
  memberId: string,
  granted: boolean,
  source: 'card' | 'staff',
): Promise<boolean> {
  const [row] = await tx
    .update(members)
    .set({ marketingOptIn: granted, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)))
    .returning({ id: members.id });
  if (!row) return false;
  await tx.insert(memberConsents).values({ id: randomUUID(), tenantId, memberId, kind: 'marketing', granted, source });
  return true;
}

/** The member's REDEEM entries, newest first: its redemptions until rewards record their own. */
export async function redeemEntries(db: Queries, tenantId: string, memberId: string) {
  return db
    .select({
      id: pointsLedger.id,
      points: pointsLedger.points,
      amount: pointsLedger.amount,
      createdAt: pointsLedger.createdAt,
      // The reward a REDEEM entry paid for, when one did (modules/rewards); null for points redeemed as money.
      rewardId: rewardRedemptions.rewardId,
      rewardName: rewardRedemptions.rewardName,
      state: rewardRedemptions.state,
    })
    .from(pointsLedger)
    .leftJoin(
      rewardRedemptions,
      and(eq(rewardRedemptions.tenantId, pointsLedger.tenantId), eq(rewardRedemptions.ledgerId, pointsLedger.id)),
    )
    .where(
      and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.memberId, memberId), eq(pointsLedger.type, 'REDEEM')),
    )
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id));
}
