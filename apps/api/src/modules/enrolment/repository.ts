import type { EnrolmentSettingsBody, Language } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  accounts,
  automations,
  enrolmentSettings,
  membershipTiers,
  passSettings,
  storeSettings,
  tenants,
  tenantUsers,
} from '../../db/schema';
import type { RecordChange } from '../../lib/changes';

const settingsColumns = {
  enabled: enrolmentSettings.enabled,
  slug: enrolmentSettings.slug,
  welcomePoints: enrolmentSettings.welcomePoints,
  requireEmail: enrolmentSettings.requireEmail,
  termsUrl: enrolmentSettings.termsUrl,
  allowedCountries: enrolmentSettings.allowedCountries,
};

type StoredEnrolment = EnrolmentSettingsBody;

/** What the defaults and the poster are made from: names, logo, colours, and the owner's phone and language. */
export type TenantFacts = {
  businessName: string;
  storeName: string;
  logoUrl: string;
  backgroundColor: string | null;
  foregroundColor: string | null;
  ownerPhone: string;
  ownerLanguage: Language | null;
};

export async function findEnrolment(db: Database, tenantId: string): Promise<StoredEnrolment | undefined> {
  const [row] = await db
    .select(settingsColumns)
    .from(enrolmentSettings)
    .where(eq(enrolmentSettings.tenantId, tenantId))
    .limit(1);
  return row;
}

export async function tenantFacts(db: Database, tenantId: string): Promise<TenantFacts | undefined> {
  const [row] = await db
    .select({
      businessName: tenants.businessName,
      storeName: sql<string>`coalesce(nullif(${storeSettings.text}, ''), ${tenants.businessName})`,
      logoUrl: sql<string>`coalesce(nullif(${storeSettings.logoUrl}, ''), ${passSettings.logoUrl}, '')`,
      backgroundColor: passSettings.backgroundColor,
      foregroundColor: passSettings.foregroundColor,
      ownerPhone: sql<string>`coalesce(${accounts.phone}, '')`,
      ownerLanguage: accounts.language,
    })
    .from(tenants)
    .leftJoin(storeSettings, eq(storeSettings.tenantId, tenants.id))
    .leftJoin(passSettings, eq(passSettings.tenantId, tenants.id))
    .leftJoin(tenantUsers, and(eq(tenantUsers.tenantId, tenants.id), eq(tenantUsers.role, 'owner')))
    .leftJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(eq(tenants.id, tenantId))
    .orderBy(tenantUsers.createdAt)
    .limit(1);
  return row;
}

/** True when the slug (any letter case) is another tenant's. */
export async function slugTakenByOther(db: Database, tenantId: string, slug: string): Promise<boolean> {
  const rows = await db
    .select({ tenantId: enrolmentSettings.tenantId })
    .from(enrolmentSettings)
    .where(
      and(sql`lower(${enrolmentSettings.slug}) = lower(${slug})`, sql`${enrolmentSettings.tenantId} <> ${tenantId}`),
    )
    .limit(1);
  return rows.length > 0;
}

/** Insert or replace in one statement; the unique lower(slug) index decides two tenants saving one slug at once. */
export async function saveEnrolment(
  db: Database,
  tenantId: string,
  body: EnrolmentSettingsBody,
  recordChange: RecordChange,
) {
  const values = { ...body, slug: body.slug.toLowerCase() };
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(settingsColumns)
      .from(enrolmentSettings)
      .where(eq(enrolmentSettings.tenantId, tenantId));
    const [row] = await tx
      .insert(enrolmentSettings)
      .values({ tenantId, ...values })
      .onConflictDoUpdate({ target: enrolmentSettings.tenantId, set: { ...values, updatedAt: sql`now()` } })
      .returning(settingsColumns);
    if (!row) throw new Error('enrolment settings upsert returned no row');
    await recordChange(tx, 'enrolment', {
      action: 'enrolment.update',
      target: { type: 'enrolment' },
      before: before ?? null,
      after: row,
    });
    return row;
  });
}

/** The join page of a slug (any letter case) with the tenant's branding, enabled or not. */
export async function findJoinPage(db: Database, slug: string) {
  const [row] = await db
    .select({
      tenantId: enrolmentSettings.tenantId,
      ...settingsColumns,
      storeName: sql<string>`coalesce(nullif(${storeSettings.text}, ''), ${tenants.businessName})`,
      logoUrl: sql<string>`coalesce(nullif(${storeSettings.logoUrl}, ''), nullif(${passSettings.logoUrl}, ''))`,
      backgroundColor: passSettings.backgroundColor,
      foregroundColor: passSettings.foregroundColor,
      labelColor: passSettings.labelColor,
      // The welcome automation (docs/design.md §10) shares the welcome points: turned off, the join pays none;
      // a business that never saved one pays them as before automations.
      welcomeOn: sql<boolean>`not exists (select 1 from ${automations} where ${automations.tenantId} = ${enrolmentSettings.tenantId}
        and ${automations.kind} = 'WELCOME' and not ${automations.active})`,
      // The referral automation's bonus while it runs: the card page shows the invitation then.
      referralBonus: sql<number | null>`(select coalesce(${automations.bonusPoints}, 0) from ${automations}
        where ${automations.tenantId} = ${enrolmentSettings.tenantId} and ${automations.kind} = 'REFERRAL'
        and ${automations.active})`,
    })
    .from(enrolmentSettings)
    .innerJoin(tenants, eq(tenants.id, enrolmentSettings.tenantId))
    .leftJoin(storeSettings, eq(storeSettings.tenantId, tenants.id))
    .leftJoin(passSettings, eq(passSettings.tenantId, tenants.id))
    .where(sql`lower(${enrolmentSettings.slug}) = lower(${slug})`)
    .limit(1);
  return row;
}

export type JoinPage = NonNullable<Awaited<ReturnType<typeof findJoinPage>>>;

/** The Chinese names of a tier (the members engine reads tiers without them). */
export async function tierNames(db: Database, tenantId: string, tierId: string) {
  const [row] = await db
    .select({ name: membershipTiers.name, nameZh: membershipTiers.nameZh, nameCn: membershipTiers.nameCn })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.tenantId, tenantId), eq(membershipTiers.id, tierId)))
    .limit(1);
  return row;
}
