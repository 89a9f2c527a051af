import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * A business's shops (docs/design.md §10 "Branches", migration 0060): names, addresses and lock-screen texts in
 * three languages, and the coordinates a wallet pass comes forward near. Entries, redemptions, team users and
 * members name them by id; a branch an entry names is deactivated, never deleted.
 */
export const branches = pgTable(
  'branches',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    nameCn: text('name_cn'),
    address: text('address'),
    addressZh: text('address_zh'),
    addressCn: text('address_cn'),
    phone: text('phone'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    relevantText: text('relevant_text'),
    relevantTextZh: text('relevant_text_zh'),
    relevantTextCn: text('relevant_text_cn'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('branches_tenant_created_idx').on(t.tenantId, t.createdAt),
    check('branches_coordinates_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);
