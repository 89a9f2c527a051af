import type { StoreSettings, StoreSettingsBody } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { storeSettings } from '../../db/schema';
import type { AuditTrail } from '../../lib/audit';
import type { ChangeFeed } from '../../lib/changes';

const columns = {
  logoUrl: storeSettings.logoUrl,
  text: storeSettings.text,
  backgroundUrl: storeSettings.backgroundUrl,
};

export async function findStoreSettings(db: Database, tenantId: string): Promise<StoreSettings | undefined> {
  const [row] = await db.select(columns).from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
  return row;
}

/**
 * One statement: two saves at the same moment leave one of the two bodies whole, never a mix. Every card of
 * the tenant shows these settings, so the save tells them in its transaction (lib/changes.ts).
 */
export async function saveStoreSettings(
  db: Database,
  tenantId: string,
  body: StoreSettingsBody,
  trail: AuditTrail,
  changes: ChangeFeed,
): Promise<StoreSettings> {
  const [row] = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(storeSettings)
      .where(eq(storeSettings.tenantId, tenantId))
      .for('update');
    const saved = await tx
      .insert(storeSettings)
      .values({ tenantId, ...body })
      .onConflictDoUpdate({ target: storeSettings.tenantId, set: { ...body, updatedAt: sql`now()` } })
      .returning(columns);
    await trail(tx, {
      action: 'storeSettings.update',
      target: { type: 'storeSettings', id: tenantId },
      before,
      after: saved[0],
    });
    await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
    return saved;
  });
  if (!row) throw new Error('store settings upsert returned no row');
  return row;
}
