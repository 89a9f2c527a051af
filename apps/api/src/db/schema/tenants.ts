import type { Language, QuietHours } from '@loyalty/contracts';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const tenantStatus = ['PENDING_VERIFICATION', 'ACTIVE'] as const;
export const userStatus = ['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE'] as const;
export const userRoles = ['owner', 'admin', 'staff'] as const;

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  businessName: text('business_name').notNull(),
  industry: text('industry').notNull(),
  status: text('status', { enum: tenantStatus }).notNull().default('PENDING_VERIFICATION'),
  /** The business's profile (modules/business): ISO country (null: not known), IANA time zone, language. */
  country: text('country'),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').$type<Language>().notNull().default('en'),
  /** When lock-screen notices wait, in the business's time zone (0035); null: never. */
  quietHours: jsonb('quiet_hours').$type<QuietHours>(),
  /** The dashboard's setup checklist (modules/setup): when an owner or admin closed it, null while shown. */
  setupDismissedAt: timestamp('setup_dismissed_at', { withTimezone: true }),
  /** When a team user first downloaded the join poster: the checklist's poster step. */
  posterDownloadedAt: timestamp('poster_downloaded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per Firebase identity; the same account may belong to several tenants. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** en, zh-Hant or zh-Hans once the user chose one (docs/design.md §8); null: the browser decides. */
    language: text('language').$type<Language>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_firebase_uid_key').on(t.firebaseUid), uniqueIndex('accounts_email_key').on(t.email)],
);

export const tenantUsers = pgTable(
  'tenant_users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role', { enum: userRoles }).notNull(),
    status: text('status', { enum: userStatus }).notNull().default('PENDING_VERIFICATION'),
    /** The branches this user records at (migration 0060, docs/design.md §10); empty: every branch. */
    branchIds: jsonb('branch_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tenant_users_tenant_account_key').on(t.tenantId, t.accountId),
    index('tenant_users_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('tenant_users_account_idx').on(t.accountId),
  ],
);
