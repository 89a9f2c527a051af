import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pointsLedger } from './members';
import { rewards } from './rewards';
import { accounts, tenants } from './tenants';

/** The business's stamp card (docs/design.md §10 Stamp cards; migration 0058): no row until it is saved. */
export const stampCardSettings = pgTable(
  'stamp_card_settings',
  {
    tenantId: text('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    stampsPerCard: integer('stamps_per_card').notNull(),
    earn: text('earn').$type<'PER_VISIT' | 'PER_AMOUNT'>().notNull(),
    amountPerStamp: numeric('amount_per_stamp', { precision: 12, scale: 2 }),
    maxStampsPerDay: integer('max_stamps_per_day'),
    // A reward a stamp card names cannot be deleted (409 REWARD_IN_USE, checked first; the key refuses too).
    rewardId: text('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'restrict' }),
    expiryDays: integer('expiry_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stamp_card_settings_per_card_check', sql`${t.stampsPerCard} between 2 and 20`),
    check('stamp_card_settings_earn_check', sql`${t.earn} in ('PER_VISIT', 'PER_AMOUNT')`),
  ],
);

/**
 * The stamp ledger: a member's stamps are the sum of these entries (never rows of the points ledger). `stamps` is
 * signed; `completed` counts the cards the entry filled (each gave a redemption naming the entry), `cardSize` the
 * size of the card it wrote on.
 */
export const stampLedger = pgTable(
  'stamp_ledger',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    // No foreign key to members (migration 0068): an erased member's entries stay for the figures, as the points
    // ledger's do (migration 0040); the tenant's delete still takes them.
    memberId: text('member_id').notNull(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    type: text('type').$type<StampEntryType>().notNull(),
    stamps: integer('stamps').notNull(),
    completed: integer('completed').notNull().default(0),
    // The stamps the filled cards took (their sizes added up): the current card holds the sum of stamps − this.
    completedStamps: integer('completed_stamps').notNull().default(0),
    cardSize: integer('card_size').notNull(),
    // PURCHASE: earned by the amount (PER_AMOUNT), so a refund takes back its share; PER_VISIT stamps are only reversed.
    perAmount: boolean('per_amount').notNull().default(false),
    // PURCHASE: the purchase that earned them; REFUND: the purchase refunded (both points-ledger entries).
    purchaseId: text('purchase_id').references(() => pointsLedger.id, { onDelete: 'cascade' }),
    reversesId: text('reverses_id'),
    idempotencyKey: text('idempotency_key'),
    idempotencyBodyHash: text('idempotency_body_hash'),
    // ADD: the business's order the stamps were for (unique per tenant: stamp_ledger_order_key, migration 0072).
    orderId: text('order_id'),
    note: text('note'),
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stamp_ledger_member_idx').on(t.tenantId, t.memberId, t.createdAt.desc()),
    index('stamp_ledger_purchase_idx').on(t.tenantId, t.purchaseId).where(sql`${t.purchaseId} is not null`),
    index('stamp_ledger_branch_idx').on(t.tenantId, t.branchId).where(sql`${t.branchId} is not null`),
    uniqueIndex('stamp_ledger_reverses_key').on(t.tenantId, t.reversesId).where(sql`${t.reversesId} is not null`),
    uniqueIndex('stamp_ledger_order_key').on(t.tenantId, t.orderId).where(sql`${t.orderId} is not null`),
    uniqueIndex('stamp_ledger_idempotency_key')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check(
      'stamp_ledger_type_check',
      sql`${t.type} in ('ADD', 'PURCHASE', 'ADJUST', 'REVERSAL', 'REFUND', 'EXPIRE', 'IMPORT')`,
    ),
  ],
);

export type StampEntryType = 'ADD' | 'PURCHASE' | 'ADJUST' | 'REVERSAL' | 'REFUND' | 'EXPIRE' | 'IMPORT';
