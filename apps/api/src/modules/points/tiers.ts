import { eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { membershipTiers } from '../../db/schema';
import { type TierRange, toCents } from './engine';

export type TierRow = TierRange & { color: string; nameZh: string | null; nameCn: string | null };

const tiersStatement = preparedStatements((db: Queries) =>
  db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      nameZh: membershipTiers.nameZh,
      nameCn: membershipTiers.nameCn,
      color: membershipTiers.color,
      min: membershipTiers.minSpendAmount,
      max: membershipTiers.maxSpendAmount,
      isActive: membershipTiers.isActive,
    })
    .from(membershipTiers)
    .where(eq(membershipTiers.tenantId, sql.placeholder('tenantId')))
    .prepare('member_tiers'),
);

/** This tenant's tiers, read with our own SQL (the tiers screen owns the writes). */
export async function loadTiers(db: Queries, tenantId: string): Promise<TierRow[]> {
  const rows = await tiersStatement(db).execute({ tenantId });
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    nameZh: t.nameZh,
    nameCn: t.nameCn,
    color: t.color,
    isActive: t.isActive,
    minCents: t.min === null ? 0n : toCents(t.min),
    maxCents: t.max === null ? null : toCents(t.max),
  }));
}
