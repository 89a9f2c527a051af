import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const membershipTiers = pgTable(
  'membership_tiers',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    nameCn: text('name_cn'),
    description: text('description'),
    descriptionZh: text('description_zh'),
    descriptionCn: text('description_cn'),
    color: text('color').notNull().default('#000000'),
    icon: text('icon'),
    minSpendAmount: numeric('min_spend_amount', { precision: 12, scale: 2 }),
    maxSpendAmount: numeric('max_spend_amount', { precision: 12, scale: 2 }),
    discountPercentage: numeric('discount_percentage', { precision: 5, scale: 2 }),
    // Benefits keep the order the admin gave them; an array column keeps that without a join.
    benefits: jsonb('benefits').$type<string[]>().notNull().default([]),
    benefitsZh: jsonb('benefits_zh').$type<string[]>().notNull().default([]),
    benefitsCn: jsonb('benefits_cn').$type<string[]>().notNull().default([]),
    cardImageUrl: text('card_image_url'),
    walletBannerUrl: text('wallet_banner_url'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_tiers_tenant_sort_idx').on(t.tenantId, t.sortOrder, t.name),
    // Names are unique per tenant in any letter case; a race between two creates ends in a 409.
    uniqueIndex('membership_tiers_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);
