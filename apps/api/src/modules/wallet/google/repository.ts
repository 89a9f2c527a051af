import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../../db/client';
import { preparedStatements } from '../../../db/prepared';
import {
  googleWalletClasses,
  googleWalletNotices,
  googleWalletObjects,
  passSettings,
  storeSettings,
  tenants,
} from '../../../db/schema';
import { locatedBranches } from '../../branches';
import { PASS_LOCATIONS_MAX } from '../pass-data';

/** What a tenant's loyaltyClass shows: its name, language, design and store settings. */
export async function findClassData(db: Queries, tenantId: string) {
  const [tenant] = await db
    .select({ businessName: tenants.businessName, language: tenants.language })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!tenant) return undefined;
  const [design] = await db.select().from(passSettings).where(eq(passSettings.tenantId, tenantId));
  const [store] = await db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  // The first 10 active branches with coordinates, coordinates only (docs/design.md §10).
  const merchantLocations = (await locatedBranches(db, tenantId))
    .slice(0, PASS_LOCATIONS_MAX)
    .map((b) => ({ latitude: b.latitude as number, longitude: b.longitude as number }));
  // The business profile's language: the default value of every localized text (what other languages see).
  return { businessName: tenant.businessName, language: tenant.language, design, store, merchantLocations };
}

/** The class's inputs; the merchant locations only where they were read (a save link's inline class has none). */
export type ClassData = Omit<NonNullable<Awaited<ReturnType<typeof findClassData>>>, 'merchantLocations'> & {
  merchantLocations?: { latitude: number; longitude: number }[];
};

/**
 * The member's object row, made by the first save link with the balance that link carries (a change after it
 * asks Google for an update notice); later links leave it as it is.
 */
export async function ensureObjectRow(
  db: Database,
  row: { tenantId: string; memberId: string; objectId: string; points: number },
) {
  await db
    .insert(googleWalletObjects)
    .values({ tenantId: row.tenantId, memberId: row.memberId, objectId: row.objectId, pointsSynced: row.points })
    .onConflictDoNothing();
  return findObjectRow(db, row.tenantId, row.memberId);
}

export async function findObjectRow(db: Queries, tenantId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(googleWalletObjects)
    .where(and(eq(googleWalletObjects.tenantId, tenantId), eq(googleWalletObjects.memberId, memberId)));
  return row;
}

/** Google took the object (insert or PATCH answered 200): synced, confirmed, at this balance. */
export async function markObjectSynced(db: Queries, memberId: string, points: number, inserted: boolean) {
  await db
    .update(googleWalletObjects)
    .set({
      syncedAt: sql`now()`,
      confirmedAt: sql`coalesce(${googleWalletObjects.confirmedAt}, now())`,
      ...(inserted ? { insertedAt: sql`coalesce(${googleWalletObjects.insertedAt}, now())` } : {}),
      pointsSynced: points,
      lastError: null,
      lastErrorAt: null,
    })
    .where(eq(googleWalletObjects.memberId, memberId));
}

/** Google showed the object in a holder's wallet (`hasUsers`). */
export async function markObjectConfirmed(db: Queries, memberId: string) {
  await db
    .update(googleWalletObjects)
    .set({ confirmedAt: sql`coalesce(${googleWalletObjects.confirmedAt}, now())` })
    .where(eq(googleWalletObjects.memberId, memberId));
}

export async function markObjectFailed(db: Queries, memberId: string, error: string) {
  await db
    .update(googleWalletObjects)
    .set({ lastError: error.slice(0, 500), lastErrorAt: sql`now()` })
    .where(eq(googleWalletObjects.memberId, memberId));
}

export async function findClassRow(db: Queries, tenantId: string) {
  const [row] = await db.select().from(googleWalletClasses).where(eq(googleWalletClasses.tenantId, tenantId));
  return row;
}

/** The class's outcome: synced now (error cleared) or the error Google gave. */
export async function markClass(db: Queries, tenantId: string, classId: string, error?: string) {
  const set = error
    ? { classId, lastError: error.slice(0, 500), lastErrorAt: sql`now()` }
    : { classId, syncedAt: sql`now()`, lastError: null, lastErrorAt: null };
  await db
    .insert(googleWalletClasses)
    .values({ tenantId, ...set })
    .onConflictDoUpdate({ target: googleWalletClasses.tenantId, set });
}

/** Built once (db/prepared.ts): every points transaction asks it of its member. */
const objectsStatement = preparedStatements((db: Queries, of: string) =>
  db
    .select({ one: sql`1` })
    .from(googleWalletObjects)
    .where(
      and(
        eq(googleWalletObjects.tenantId, sql.placeholder('tenantId')),
        of === 'member' ? eq(googleWalletObjects.memberId, sql.placeholder('memberId')) : undefined,
      ),
    )
    .limit(1)
    .prepare(`google_objects_of_${of}`),
);

/** True when the tenant (or the member) has anything at Google to keep current. */
export async function hasGoogleObjects(db: Queries, tenantId: string, memberId?: string): Promise<boolean> {
  const rows = await objectsStatement(db, memberId ? 'member' : 'tenant').execute({ tenantId, memberId });
  if (rows.length > 0 || memberId) return rows.length > 0;
  return Boolean(await findClassRow(db, tenantId));
}

/** One page of a tenant's object rows in member id order, after `after` (keyset paging for the fan-out job). */
export async function objectMembersPage(
  db: Queries,
  tenantId: string,
  after: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ memberId: googleWalletObjects.memberId })
    .from(googleWalletObjects)
    .where(and(eq(googleWalletObjects.tenantId, tenantId), gt(googleWalletObjects.memberId, after)))
    .orderBy(asc(googleWalletObjects.memberId))
    .limit(limit);
  return rows.map((r) => r.memberId);
}

/** One Google notice the member's pass was sent (Google shows at most three a pass in 24 hours). */
export async function recordGoogleNotice(db: Queries, tenantId: string, memberId: string) {
  await db.insert(googleWalletNotices).values({ tenantId, memberId });
}
