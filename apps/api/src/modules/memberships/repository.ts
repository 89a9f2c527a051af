import { randomUUID } from 'node:crypto';
import type { Membership, MembershipBody } from '@loyalty/contracts';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { members, membershipTiers, tenants } from '../../db/schema';

type Row = typeof membershipTiers.$inferSelect;

const num = (value: string | null) => (value === null ? null : Number(value));
const money = (value: number | null) => (value === null ? null : value.toFixed(2));

export function toMembership(row: Row): Membership {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.nameZh,
    nameCn: row.nameCn,
    description: row.description,
    descriptionZh: row.descriptionZh,
    descriptionCn: row.descriptionCn,
    color: row.color,
    icon: row.icon,
    minSpendAmount: num(row.minSpendAmount),
    maxSpendAmount: num(row.maxSpendAmount),
    discountPercentage: num(row.discountPercentage),
    benefits: row.benefits.map((benefit) => ({ benefit })),
    benefitsZh: row.benefitsZh.map((benefit) => ({ benefit })),
    benefitsCn: row.benefitsCn.map((benefit) => ({ benefit })),
    cardImageUrl: row.cardImageUrl,
    walletBannerUrl: row.walletBannerUrl,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
  };
}

const columnsOf = (body: MembershipBody) => ({
  ...body,
  minSpendAmount: money(body.minSpendAmount),
  maxSpendAmount: money(body.maxSpendAmount),
  discountPercentage: money(body.discountPercentage),
});

export async function listMemberships(db: Database, tenantId: string, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(membershipTiers)
      .where(eq(membershipTiers.tenantId, tenantId))
      .orderBy(asc(membershipTiers.sortOrder), asc(membershipTiers.name), asc(membershipTiers.id))
      .limit(size)
      .offset(page * size),
    db.select({ value: count() }).from(membershipTiers).where(eq(membershipTiers.tenantId, tenantId)),
  ]);
  return { rows: rows.map(toMembership), total: total?.value ?? 0 };
}

export async function findMembership(db: Queries, tenantId: string, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.tenantId, tenantId), eq(membershipTiers.id, id)))
    .limit(1);
  return row;
}

/** Serialises tier writes of one tenant, so two saves can never both pass the overlap check. */
export async function lockTenantTiers(db: Queries, tenantId: string): Promise<void> {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
}

/** Active tiers other than `exceptId`, with their spend ranges. */
export async function activeRanges(db: Queries, tenantId: string, exceptId?: string) {
  const rows = await db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      min: membershipTiers.minSpendAmount,
      max: membershipTiers.maxSpendAmount,
    })
    .from(membershipTiers)
    .where(
      and(
        eq(membershipTiers.tenantId, tenantId),
        eq(membershipTiers.isActive, true),
        exceptId ? ne(membershipTiers.id, exceptId) : undefined,
      ),
    );
  return rows.map((r) => ({ id: r.id, name: r.name, min: num(r.min) ?? 0, max: num(r.max) }));
}

export async function insertMembership(db: Queries, tenantId: string, body: MembershipBody): Promise<Row> {
  const [row] = await db
    .insert(membershipTiers)
    .values({ id: randomUUID(), tenantId, ...columnsOf(body) })
    .returning();
  if (!row) throw new Error('tier insert returned no row');
  return row;
}

export async function updateMembership(
  db: Queries,
  tenantId: string,
  id: string,
  body: MembershipBody,
): Promise<Row | undefined> {
  const [row] = await db
    .update(membershipTiers)
    .set({ ...columnsOf(body), updatedAt: sql`now()` })
    .where(and(eq(membershipTiers.tenantId, tenantId), eq(membershipTiers.id, id)))
    .returning();
  return row;
}

export async function countHolders(db: Queries, tenantId: string, tierId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.tierId, tierId)));
  return row?.value ?? 0;
}

export async function deleteMembership(db: Queries, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(membershipTiers)
    .where(and(eq(membershipTiers.tenantId, tenantId), eq(membershipTiers.id, id)))
    .returning({ id: membershipTiers.id });
  return rows.length > 0;
}
