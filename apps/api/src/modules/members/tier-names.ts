import { eq, sql } from 'drizzle-orm';
import type { Queries as Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { membershipTiers } from '../../db/schema';

/** What a list row shows of its member's tier. */
export type TierNames = { name: string; nameZh: string | null; nameCn: string | null };
export type TierNamesById = ReadonlyMap<string, TierNames>;

const tierNamesStatement = preparedStatements((db: Db) =>
  db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      nameZh: membershipTiers.nameZh,
      nameCn: membershipTiers.nameCn,
    })
    .from(membershipTiers)
    .where(eq(membershipTiers.tenantId, sql.placeholder('tenantId')))
    .prepare('member_tier_names'),
);

/** A tenant's tier names by tier id: a handful of rows (one index range). */
export async function loadTierNames(db: Db, tenantId: string): Promise<TierNamesById> {
  const rows = await tierNamesStatement(db).execute({ tenantId });
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/**
 * Tier names per tenant, kept while its list version (moved by database triggers on every change to its
 * tiers, members or points, migrations 0004 and 0005) stands still. A members page names its rows' tiers
 * from here rather than joining membership_tiers: on PostgreSQL that join was a quarter of the time of a
 * page not built yet (20 index probes for the same few tiers), measured with pgbench on the bench data.
 */
export function createTierNameCache(max = 10_000) {
  const byTenant = new Map<string, { version: number; names: Promise<TierNamesById> }>();
  return {
    get(db: Db, tenantId: string, version: number): Promise<TierNamesById> {
      if (version < 0) return loadTierNames(db, tenantId);
      const hit = byTenant.get(tenantId);
      if (hit && hit.version === version) return hit.names;
      if (!hit && byTenant.size >= max) byTenant.clear();
      const entry = { version, names: loadTierNames(db, tenantId) };
      byTenant.set(tenantId, entry);
      // A failed read is not kept: the next page tries again.
      entry.names.catch(() => {
        if (byTenant.get(tenantId) === entry) byTenant.delete(tenantId);
      });
      return entry.names;
    },
  };
}

export type TierNameCache = ReturnType<typeof createTierNameCache>;
