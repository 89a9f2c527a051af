import { OPTIONAL_SETUP_STEPS, type Setup, type SetupStepKey } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import {
  enrolmentSettings,
  members,
  passSettings,
  pointsConversionSettings,
  storeSettings,
  tenants,
} from '../../db/schema';

/**
 * Each step read from the business's own rows in one statement: the store counts once both its images are
 * there (activation makes the row with the name only), the join page once it is open. The subqueries compare
 * with the tenant id as a parameter: drizzle writes a select field's columns unqualified, so a reference to
 * the outer tenants row would be read as the inner table's own `id`.
 */
export async function readSetup(db: Database, tenantId: string): Promise<Setup | undefined> {
  const [row] = await db
    .select({
      dismissed: sql<boolean>`${tenants.setupDismissedAt} is not null`,
      points: sql<boolean>`exists (select 1 from ${pointsConversionSettings} where ${pointsConversionSettings.tenantId} = ${tenantId})`,
      card: sql<boolean>`exists (select 1 from ${passSettings} where ${passSettings.tenantId} = ${tenantId})`,
      store: sql<boolean>`exists (select 1 from ${storeSettings} where ${storeSettings.tenantId} = ${tenantId}
        and ${storeSettings.logoUrl} <> '' and ${storeSettings.backgroundUrl} <> '')`,
      join: sql<boolean>`exists (select 1 from ${enrolmentSettings} where ${enrolmentSettings.tenantId} = ${tenantId}
        and ${enrolmentSettings.enabled})`,
      poster: sql<boolean>`${tenants.posterDownloadedAt} is not null`,
      firstMember: sql<boolean>`exists (select 1 from ${members} where ${members.tenantId} = ${tenantId})`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  if (!row) return undefined;
  const step = (key: SetupStepKey) => ({ key, done: row[key], optional: OPTIONAL_SETUP_STEPS.includes(key) });
  return {
    steps: [step('points'), step('card'), step('store'), step('join'), step('poster'), step('firstMember')],
    dismissed: row.dismissed,
  };
}

export async function setSetupDismissed(db: Queries, tenantId: string, dismissed: boolean): Promise<void> {
  await db
    .update(tenants)
    .set({ setupDismissedAt: dismissed ? sql`now()` : null })
    .where(eq(tenants.id, tenantId));
}

/** The first poster download marks the checklist's poster step; later ones keep that first time. */
export async function recordPosterDownload(db: Database, tenantId: string): Promise<void> {
  await db
    .update(tenants)
    .set({ posterDownloadedAt: sql`coalesce(${tenants.posterDownloadedAt}, now())` })
    .where(eq(tenants.id, tenantId));
}
