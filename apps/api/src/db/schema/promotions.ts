import type { PromotionKind, Weekday } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { pointsLedger } from './members';
import { tenants } from './tenants';

/** What raises a purchase's points beyond the earn rate (migration 0062; docs/design.md §10 "Promotions"). */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    nameCn: text('name_cn'),
    kind: text('kind').$type<PromotionKind>().notNull(),
    // MULTIPLIER: 1.1–10 in tenths; BONUS: null.
    factor: numeric('factor', { precision: 4, scale: 1 }),
    // BONUS: the points added; MULTIPLIER: null.
    bonusPoints: integer('bonus_points'),
    minAmount: numeric('min_amount', { precision: 14, scale: 2 }),
    // null: every day.
    days: jsonb('days').$type<Weekday[]>(),
    // 'HH:mm' in the business's time zone; from after to runs past midnight.
    fromTime: text('from_time'),
    toTime: text('to_time'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    // Empty: every tier / every purchase.
    tierIds: jsonb('tier_ids').$type<string[]>().notNull().default([]),
    branchIds: jsonb('branch_ids').$type<string[]>().notNull().default([]),
    perMemberLimit: integer('per_member_limit'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('promotions_tenant_idx').on(t.tenantId, t.active),
    check('promotions_kind_check', sql`${t.kind} in ('MULTIPLIER', 'BONUS')`),
  ],
);

/**
 * What each promotion gave a PURCHASE entry (its `promotions: [{id, points}]`): the entry's points are the total,
 * these the part each promotion added. Kept beside the ledger so its statements stay as they are; the promotion
 * has no foreign key, so a deleted promotion's awards still explain the entries they are part of.
 */
export const promotionAwards = pgTable(
  'promotion_awards',
  {
    tenantId: text('tenant_id').notNull(),
    entryId: text('entry_id')
      .notNull()
      .references(() => pointsLedger.id, { onDelete: 'cascade' }),
    promotionId: text('promotion_id').notNull(),
    memberId: text('member_id').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'promotion_awards_pkey', columns: [t.entryId, t.promotionId] }),
    // A member's uses of one promotion (perMemberLimit), and a promotion's totals.
    index('promotion_awards_member_idx').on(t.tenantId, t.promotionId, t.memberId),
  ],
);
