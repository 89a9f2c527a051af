import type { PassSettings, PassSettingsBody } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passSettings } from '../../db/schema';
import type { AuditTrail } from '../../lib/audit';
import type { ChangeFeed } from '../../lib/changes';

const columns = {
  style: passSettings.style,
  heroText: passSettings.heroText,
  showPoints: passSettings.showPoints,
  showLastUpdate: passSettings.showLastUpdate,
  backgroundColor: passSettings.backgroundColor,
  foregroundColor: passSettings.foregroundColor,
  labelColor: passSettings.labelColor,
  logoUrl: passSettings.logoUrl,
  stripUrl: passSettings.stripUrl,
  backgroundUrl: passSettings.backgroundUrl,
  lblMemberName: passSettings.lblMemberName,
  lblMembershipLvl: passSettings.lblMembershipLvl,
  lblLastUpdate: passSettings.lblLastUpdate,
  lblPoints: passSettings.lblPoints,
  lblMemberNameZh: passSettings.lblMemberNameZh,
  lblMemberNameCn: passSettings.lblMemberNameCn,
  lblMembershipLvlZh: passSettings.lblMembershipLvlZh,
  lblMembershipLvlCn: passSettings.lblMembershipLvlCn,
  lblLastUpdateZh: passSettings.lblLastUpdateZh,
  lblLastUpdateCn: passSettings.lblLastUpdateCn,
  lblPointsZh: passSettings.lblPointsZh,
  lblPointsCn: passSettings.lblPointsCn,
};

export async function findPassSettings(db: Database, tenantId: string): Promise<PassSettings | undefined> {
  const [row] = await db.select(columns).from(passSettings).where(eq(passSettings.tenantId, tenantId)).limit(1);
  return row;
}

/**
 * One statement: two saves at the same moment leave one of the two bodies whole, never a mix. Every card of
 * the tenant shows these settings, so the save tells them in its transaction (lib/changes.ts).
 */
export async function savePassSettings(
  db: Database,
  tenantId: string,
  body: PassSettingsBody,
  trail: AuditTrail,
  changes: ChangeFeed,
): Promise<PassSettings> {
  const [row] = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(passSettings)
      .where(eq(passSettings.tenantId, tenantId))
      .for('update');
    const saved = await tx
      .insert(passSettings)
      .values({ tenantId, ...body })
      .onConflictDoUpdate({ target: passSettings.tenantId, set: { ...body, updatedAt: sql`now()` } })
      .returning(columns);
    await trail(tx, {
      action: 'passSettings.update',
      target: { type: 'passSettings', id: tenantId },
      before,
      after: saved[0],
    });
    await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
    return saved;
  });
  if (!row) throw new Error('pass settings upsert returned no row');
  return row;
}
