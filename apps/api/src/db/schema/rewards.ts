import type { RedemptionState, RewardKind } from '@loyalty/contracts';
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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members, pointsLedger } from './members';
import { accounts, tenants } from './tenants';

/** What points buy by name (migration 0025). */
export const rewards = pgTable(
  'rewards',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameZh: text('name_zh'),
    nameCn: text('name_cn'),
    description: text('description'),
    kind: text('kind').$type<RewardKind>().notNull(),
    // AMOUNT_OFF: money off; PERCENT_OFF: percent off; FREE_ITEM: null.
    value: numeric('value', { precision: 12, scale: 2 }),
    pointsCost: integer('points_cost').notNull(),
    // Tiers whose members may have it; empty: every member.
    tierIds: jsonb('tier_ids').$type<string[]>().notNull().default([]),
    // What is left to give; null: unlimited. Never below zero (the check and the guarded decrement).
    stock: integer('stock'),
    perMemberLimit: integer('per_member_limit'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    imageUrl: text('image_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rewards_tenant_cost_idx').on(t.tenantId, t.pointsCost),
    check('rewards_kind_check', sql`${t.kind} in ('FREE_ITEM', 'AMOUNT_OFF', 'PERCENT_OFF')`),
    check('rewards_stock_check', sql`${t.stock} >= 0`),
    check('rewards_points_cost_check', sql`${t.pointsCost} >= 1`),
  ],
);

/** One reward redeemed by one member: its REDEEM entry, and the REVERSAL that cancelled it. */
export const rewardRedemptions = pgTable(
  'reward_redemptions',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    // Kept when the reward is deleted: the redemption still says what it was.
    rewardId: text('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
    rewardName: text('reward_name').notNull(),
    // Cleared when the member is erased (migration 0050): the redemption stays without the person, as the ledger does.
    memberId: text('member_id').references(() => members.id, { onDelete: 'set null' }),
    // Null for a redemption no points paid for: a full stamp card's reward (`source` STAMPS, migration 0058; its stamp
    // entry instead) or an automation's gift (`source` GIFT, migration 0064).
    ledgerId: text('ledger_id').references(() => pointsLedger.id, { onDelete: 'cascade' }),
    source: text('source').$type<'POINTS' | 'STAMPS' | 'GIFT'>().notNull().default('POINTS'),
    stampEntryId: text('stamp_entry_id'),
    reversalId: text('reversal_id').references(() => pointsLedger.id, { onDelete: 'set null' }),
    pointsCost: integer('points_cost').notNull(),
    state: text('state').$type<RedemptionState>().notNull().default('ISSUED'),
    code: text('code').notNull(),
    claimCode: text('claim_code'),
    // The branch it was redeemed at (migration 0060); no foreign key, as for the ledger's entries.
    branchId: text('branch_id'),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reward_redemptions_ledger_key').on(t.ledgerId),
    uniqueIndex('reward_redemptions_code_key').on(t.tenantId, t.code),
    index('reward_redemptions_member_idx').on(t.tenantId, t.memberId, t.rewardId),
    index('reward_redemptions_reward_idx').on(t.tenantId, t.rewardId),
    index('reward_redemptions_stamp_entry_idx').on(t.stampEntryId).where(sql`${t.stampEntryId} is not null`),
    check('reward_redemptions_state_check', sql`${t.state} in ('ISSUED', 'FULFILLED', 'CANCELLED')`),
  ],
);

/** A code the customer claimed on the phone: valid 10 minutes, used once, reserving nothing. */
export const rewardClaims = pgTable(
  'reward_claims',
  {
    code: text('code').notNull(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    rewardId: text('reward_id')
      .notNull()
      .references(() => rewards.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    redemptionId: text('redemption_id').references(() => rewardRedemptions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'reward_claims_pkey', columns: [t.tenantId, t.code] }),
    index('reward_claims_member_idx').on(t.memberId),
  ],
);
