import {
  type BusinessProfile,
  type BusinessProfileBody,
  businessDefaultsOfPhone,
  DEFAULT_BUSINESS_LANGUAGE,
  type Language,
} from '@loyalty/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { tenants } from '../../db/schema';
import type { ChangeFeed, RecordChange } from '../../lib/changes';

const columns = {
  country: tenants.country,
  timeZone: tenants.timeZone,
  language: tenants.language,
  quietHours: tenants.quietHours,
};

/**
 * The business's country, time zone and default language: what "a day", review dates, quiet hours and national
 * phone numbers are reckoned in. Any module may import this; undefined only for a tenant that does not exist.
 */
export async function getBusinessProfile(db: Queries, tenantId: string): Promise<BusinessProfile | undefined> {
  const [row] = await db.select(columns).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/**
 * The business's time zone as SQL, for statements that reckon its days and months in the database (UTC for a
 * tenant that does not exist).
 */
export const businessTimeZoneSql = (tenantId: SQL | string): SQL =>
  sql`coalesce((select ${tenants.timeZone} from ${tenants} where ${tenants.id} = ${tenantId}), 'UTC')`;

/** The profile a new business starts with: its owner's phone country and the registration screen's language. */
export function initialBusinessProfile(phone: string, language: Language | undefined): BusinessProfile {
  return { ...businessDefaultsOfPhone(phone), language: language ?? DEFAULT_BUSINESS_LANGUAGE, quietHours: null };
}

/** Sets country and time zone from the owner's verified phone (activation): the phone may differ from the typed one. */
export async function setProfileFromPhone(tx: Queries, tenantId: string, phone: string): Promise<void> {
  await tx
    .update(tenants)
    .set({ ...businessDefaultsOfPhone(phone), updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId));
}

/**
 * Replaces the profile and records the change in the audit trail, in one transaction. The wallet cards show
 * the language (the text of pass.json, Google's default value) and the time zone (the expiring date): a change
 * of either tells every card.
 */
export async function saveBusinessProfile(
  db: Database,
  tenantId: string,
  body: BusinessProfileBody,
  recordChange: RecordChange,
  changes: ChangeFeed,
): Promise<BusinessProfile> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    const [after] = await tx
      .update(tenants)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(tenants.id, tenantId))
      .returning(columns);
    if (!after) throw new Error('business profile update found no tenant');
    await recordChange(tx, 'business', {
      action: 'business.update',
      target: { type: 'business', id: tenantId },
      before,
      after,
    });
    if (before?.language !== after.language || before?.timeZone !== after.timeZone) {
      await changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
    }
    if (before && before.timeZone !== after.timeZone) {
      await changes.publish(tx, tenantId, [{ type: 'timezone.changed' }]);
    }
    return after;
  });
}
