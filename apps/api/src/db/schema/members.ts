import { type Language, LEDGER_TYPES, REASON_CODES } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { membershipTiers } from './membership-tiers';
import { accounts, tenants } from './tenants';

/** The business's loyalty customers. */
export const members = pgTable(
  'members',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone').notNull().default(''),
    membershipCode: text('membership_code').notNull(),
    tierId: text('tier_id').references(() => membershipTiers.id, { onDelete: 'restrict' }),
    // An admin's choice of tier wins over the tier that lifetime spend would give.
    tierPinned: boolean('tier_pinned').notNull().default(false),
    // Set by the tier review when the policy would move the member down: the move waits until then (migration 0030).
    tierGraceUntil: timestamp('tier_grace_until', { withTimezone: true }),
    // Sum of PURCHASE amounts, kept with the ledger in the same transaction; drives the tier.
    lifetimeSpend: numeric('lifetime_spend', { precision: 14, scale: 2 }).notNull().default('0'),
    // The ledger's sum before expiry; the spendable balance subtracts lots past their expiry at read time.
    pointsBalance: integer('points_balance').notNull().default(0),
    // The stamp card (docs/design.md §10, migration 0058): stamps on the current card and cards filled, kept with
    // the stamp ledger under the same member lock as points; the current card's size and first stamp (its lapse).
    stamps: integer('stamps').notNull().default(0),
    cardsCompleted: integer('cards_completed').notNull().default(0),
    stampCardSize: integer('stamp_card_size'),
    stampCardStartedAt: timestamp('stamp_card_started_at', { withTimezone: true }),
    status: text('status').notNull().default('active'),
    // Given by the customer on the join page (docs/design.md §8); members added by staff have not given it.
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    // The language the customer joined in (the join page's, migration 0018); null for members added otherwise.
    language: text('language').$type<Language>(),
    // Month and day only, `--MM-DD` (docs/design.md §10, migration 0064); sealed in the audit like the name.
    birthday: text('birthday'),
    // The member's invitation code, `/join/{slug}?ref=` (random, not the membership code; migration 0064).
    referralCode: text('referral_code').notNull().default(sql`substr(md5(gen_random_uuid()::text), 1, 12)`),
    // The member whose invitation this member joined by (no foreign key: an erased inviter leaves it dangling).
    referredBy: text('referred_by'),
    // The branch whose poster the member joined by, or staff chose (migration 0060, docs/design.md §10).
    homeBranchId: text('home_branch_id').references(() => branches.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_tenant_code_key').on(t.tenantId, t.membershipCode),
    // The counter finds a member by a scanned or typed code in any letter case (findMemberRowByCode matches
    // exactly this expression): one index probe at any size. Unique, so a code never matches two members.
    uniqueIndex('members_tenant_code_lower_key').on(t.tenantId, sql`lower(${t.membershipCode})`),
    uniqueIndex('members_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('members_tenant_phone_key').on(t.tenantId, t.phone).where(sql`${t.phone} <> ''`),
    // Serves the list order (newest first) for paging, forwards and backwards. NULLS FIRST is what a plain
    // ORDER BY ... DESC means: with NULLS LAST (Drizzle's default for desc()) the planner would not use this
    // index for that order and would sort the tenant's 100,000 rows for every page.
    index('members_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('members_tenant_tier_idx').on(t.tenantId, t.tierId),
    // The members list filtered by home branch (migration 0060).
    index('members_tenant_home_branch_idx').on(t.tenantId, t.homeBranchId).where(sql`${t.homeBranchId} is not null`),
    // Search (any part of a name, e-mail, phone or code) by trigram, so it does not read every member of the
    // tenant: the list's search condition uses exactly this expression (members/repository.ts).
    index('members_search_trgm_idx').using('gin', sql`${memberSearchText(t)} gin_trgm_ops`),
    check('members_language_check', sql`${t.language} in ('en', 'zh-Hant', 'zh-Hans')`),
    uniqueIndex('members_tenant_referral_key').on(t.tenantId, t.referralCode),
    // The daily birthday run finds the day's members by this (migration 0064).
    index('members_tenant_birthday_idx').on(t.tenantId, t.birthday).where(sql`${t.birthday} is not null`),
  ],
);

/**
 * The one text a member search matches against, lower-cased: full name, e-mail, phone and code, separated by
 * a unit separator (a control character, which no validated input can contain) so that a search never matches
 * across two fields, only within one (the full name "first last" counts as one). The name is there a second
 * time as "lastfirst", family name first and no space, which is how a Chinese name is written and typed
 * ("陳大文" for 大文 陳): migration 0056 rebuilt the index on this expression.
 */
export function memberSearchText(t: {
  firstName: unknown;
  lastName: unknown;
  email: unknown;
  phone: unknown;
  membershipCode: unknown;
}) {
  return sql`lower(${t.firstName} || ' ' || ${t.lastName} || chr(31) || ${t.lastName} || ${t.firstName} || chr(31) || coalesce(${t.email}, '') || chr(31) || ${t.phone} || chr(31) || ${t.membershipCode})`;
}

/**
 * How many members each tenant has, kept by triggers on members (migration 0002), so the unfiltered list's
 * total is one row read instead of counting 100,000 index entries on every page.
 */
export const memberCounts = pgTable('member_counts', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
  /**
   * Moves on every change to what the members and tiers lists show (triggers of migration 0004), with the
   * tenant's listVersionShards, so a cached page of either list is known fresh by reading this row and those.
   */
  listVersion: bigint('list_version', { mode: 'number' }).notNull().default(0),
  /** Moves only when members are added or removed: what changes the positions in the list (migration 0005). */
  orderVersion: bigint('order_version', { mode: 'number' }).notNull().default(0),
});

/**
 * The part of a tenant's list version that writes to members and points lots move, one of 16 rows picked at
 * random per transaction (migration 0019): concurrent purchases of one tenant then rarely wait on the same row.
 * The version is member_counts.list_version plus the sum of these (db/list-version.ts).
 */
export const listVersionShards = pgTable(
  'list_version_shards',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shard] }),
    check('list_version_shards_shard_check', sql`${t.shard} between 0 and 15`),
  ],
);

/** Per-tenant counter behind membership codes: a code once handed out is never handed out again. */
export const memberCodeCounters = pgTable('member_code_counters', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastValue: integer('last_value').notNull().default(0),
});

/** The entry types are the contract's: one list for the API's answers and the column's values. */
export const ledgerEntryTypes = LEDGER_TYPES;

/** Which lots an entry took points from, so a reversal can give them back to the same lots. */
export type LotTake = { lotId: string; points: number };

/** The points ledger: a member's balance is the sum of these entries, never a number edited in place. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: text('id').primaryKey(),
    // No foreign key to tenants (migration 0019): the member's cascades, and a shared lock on the tenant's row
    // per insert made concurrent writes of one tenant costly.
    tenantId: text('tenant_id').notNull(),
    // No foreign key (migration 0040): an erased member's entries stay, without the person, for the figures.
    memberId: text('member_id').notNull(),
    type: text('type', { enum: ledgerEntryTypes }).notNull(),
    // Signed: + earned or added, − redeemed, removed or expired.
    points: integer('points').notNull(),
    // PURCHASE: the amount spent; REDEEM: the dollar value of the points.
    amount: numeric('amount', { precision: 14, scale: 2 }),
    reason: text('reason'),
    // What the system wrote the entry for, as a code each reader's language renders (migration 0054; docs/design.md §10).
    reasonCode: text('reason_code', { enum: REASON_CODES }),
    idempotencyKey: text('idempotency_key'),
    // sha256 of the request body recorded under the key (modules/members/idempotency.ts); null before 0006.
    idempotencyBodyHash: text('idempotency_body_hash'),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    // REVERSAL: the entry it undoes (at most one reversal per entry: points_ledger_reverses_key).
    reversesId: text('reverses_id').references((): AnyPgColumn => pointsLedger.id, { onDelete: 'cascade' }),
    // PURCHASE: the business's order it was (unique per tenant: points_ledger_order_key, migration 0024).
    orderId: text('order_id'),
    // PURCHASE: what staff noted about it.
    note: text('note'),
    // REFUND: the purchase it gives part of back (many refunds per purchase).
    refundsId: text('refunds_id').references((): AnyPgColumn => pointsLedger.id, { onDelete: 'cascade' }),
    // REDEEM and negative ADJUST (from migration 0008 on): the lots the points came from; null otherwise.
    lotTakes: jsonb('lot_takes').$type<LotTake[]>(),
    // The branch it was recorded at (migration 0060, docs/design.md §10). No foreign key, as for the tenant: the
    // branch is never deleted while an entry names it (modules/branches refuses it, 409 BRANCH_IN_USE).
    branchId: text('branch_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('points_ledger_reverses_key').on(t.tenantId, t.reversesId).where(sql`${t.reversesId} is not null`),
    uniqueIndex('points_ledger_idempotency_key')
      .on(t.tenantId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('points_ledger_member_created_idx').on(
      t.tenantId,
      t.memberId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('points_ledger_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The member delete's cascades look rows up by these columns alone (migration 0016).
    index('points_ledger_member_idx').on(t.memberId),
    index('points_ledger_reverses_idx').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    uniqueIndex('points_ledger_order_key').on(t.tenantId, t.orderId).where(sql`${t.orderId} is not null`),
    index('points_ledger_refunds_idx').on(t.refundsId).where(sql`${t.refundsId} is not null`),
    // A branch's entries, newest first: the filters by branch and the delete's in-use check (migration 0060).
    index('points_ledger_branch_idx').on(t.tenantId, t.branchId, t.createdAt).where(sql`${t.branchId} is not null`),
  ],
);

/** Earned points as lots, each with the expiry fixed when earned; redemptions spend the soonest-expiring first. */
export const pointsLots = pgTable(
  'points_lots',
  {
    id: text('id').primaryKey(),
    // No foreign key to tenants, as for the ledger (migration 0019).
    tenantId: text('tenant_id').notNull(),
    // No foreign key, as for the ledger (migration 0040).
    memberId: text('member_id').notNull(),
    ledgerId: text('ledger_id')
      .notNull()
      .references(() => pointsLedger.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    remaining: integer('remaining').notNull(),
    // Null: never expires.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // When the member was warned that this lot lapses soon (expiryWarningDays): once per lot (migration 0030).
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The sweep's and the warnings' lots across businesses: those holding points, by expiry (migration 0030).
    index('points_lots_due_idx').on(t.expiresAt).where(sql`${t.remaining} > 0`),
    index('points_lots_member_expiry_idx').on(t.tenantId, t.memberId, t.expiresAt),
    index('points_lots_tenant_expiry_idx').on(t.tenantId, t.expiresAt),
    // The member's and the ledger entry's delete cascades (migration 0016).
    index('points_lots_member_idx').on(t.memberId),
    index('points_lots_ledger_idx').on(t.ledgerId),
  ],
);
