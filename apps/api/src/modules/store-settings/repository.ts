import type { StoreSettings, StoreSettingsBody } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storeSettings } from '../../db/schema';

const columns = {
  logoUrl: storeSettings.logoUrl,
  text: storeSettings.text,
  backgroundUrl: storeSettings.backgroundUrl,
};

export async function findStoreSettings(db: Database, tenantId: string): Promise<StoreSettings | undefined> {
  const [row] = await db.select(columns).from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
  return row;
}

/** One statement: two saves at the same moment leave one of the two bodies whole, never a mix. */
export async function saveStoreSettings(
  db: Database,
  tenantId: string,
  body: StoreSettingsBody,
): Promise<StoreSettings> {
  const [row] = await db
    .insert(storeSettings)
    .values({ tenantId, ...body })
    .onConflictDoUpdate({ target: storeSettings.tenantId, set: { ...body, updatedAt: sql`now()` } })
    .returning(columns);
  if (!row) throw new Error('store settings upsert returned no row');
  return row;
}
