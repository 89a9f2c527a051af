import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** The public join page of a tenant (docs/design.md §8); no row: the page is off and the defaults are derived. */
export const enrolmentSettings = pgTable(
  'enrolment_settings',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    slug: text('slug').notNull(),
    welcomePoints: integer('welcome_points').notNull().default(0),
    requireEmail: boolean('require_email').notNull().default(false),
    termsUrl: text('terms_url').notNull().default(''),
    // ISO 3166 alpha-2 codes whose phones may join; empty: any country.
    allowedCountries: text('allowed_countries').array().notNull().default(sql`'{}'`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('enrolment_settings_slug_key').on(sql`lower(${t.slug})`)],
);
