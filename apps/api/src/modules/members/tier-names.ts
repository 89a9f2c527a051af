import { eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { membershipTiers } from '../../db/schema';
import { createVersionedCache } from '../../lib/versioned-cache';

/** What a list row shows of its member's tier. */
export type TierNames = { name: string; nameZh: string | null; nameCn: string | null };
export type TierNamesById = ReadonlyMap<string, TierNames>;

const tierNamesStatement = preparedStatements((db: Queries) =>
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
export async function loadTierNames(db: Queries, tenantId: string): Promise<TierNamesById> {
  const rows = await tierNamesStatement(db).execute({ tenantId });
  return new Map(rows.map(({ id, ...names }) => [id, names]));
}

/**
 * Tier names per tenant, kept while its list version (moved by database triggers on every change to its
 * tiers, members or points, migrations 0004 and 0005) stands still. A members page names its rows' tiers
 * from here rather than joining membership_tiers: on PostgreSQL that join was a quarter of the time of a
 * page not built yet (20 index probes for the same few tiers), measured with pgbench on the bench data. The
 * entries live in the list pages' versioned cache (lib/versioned-cache.ts), keyed by tenant.
 */
export function createTierNameCache(max = 10_000) {
  const cache = createVersionedCache<TierNamesById>({ max });
  return {
    get: (db: Queries, tenantId: string, version: number): Promise<TierNamesById> =>
      cache.get(tenantId, version, async () => ({ value: await loadTierNames(db, tenantId) })),
  };
}

export type TierNameCache = ReturnType<typeof createTierNameCache>;
