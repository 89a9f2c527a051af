import { bigint, date, integer, numeric, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';

/**
 * The business's figures per day (docs/design.md §10 "Insights"): one row per business, branch (null: none named)
 * and day of the business's time zone, in up to 16 shards (the writing transaction's id modulo 16, as
 * list_version_shards: concurrent purchases of one business then rarely wait on the same row). Written by the
 * triggers of migration 0066 in the transaction of every ledger entry, member and reward redemption (so no writer
 * can forget it), rebuilt from those rows by `insights_rebuild(tenant)` when the time zone changes. Points are
 * stored as positive magnitudes of §9's figures. No foreign key to tenants, as for the ledger (migration 0019).
 */
export const insightsDaily = pgTable(
  'insights_daily',
  {
    tenantId: text('tenant_id').notNull(),
    branchId: text('branch_id'),
    day: date('day').notNull(),
    shard: smallint('shard').notNull().default(0),
    newMembers: integer('new_members').notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
    pointsIssued: bigint('points_issued', { mode: 'number' }).notNull().default(0),
    pointsRedeemed: bigint('points_redeemed', { mode: 'number' }).notNull().default(0),
    pointsExpired: bigint('points_expired', { mode: 'number' }).notNull().default(0),
    pointsTakenBack: bigint('points_taken_back', { mode: 'number' }).notNull().default(0),
    rewardsRedeemed: integer('rewards_redeemed').notNull().default(0),
    // The stamp ledger's (docs/design.md §10 "Stamp cards"), by its trigger of migration 0068.
    stampsAdded: integer('stamps_added').notNull().default(0),
    cardsCompleted: integer('cards_completed').notNull().default(0),
  },
  (t) => [unique('insights_daily_key').on(t.tenantId, t.day, t.branchId, t.shard).nullsNotDistinct()],
);

/**
 * The members who visited on a day (a purchase, a redemption of points or of a reward, a stamp entry: not
 * reversed), per branch: `visits` counts that day's visit entries, a reversal takes one back and a row at zero
 * is removed. The reports' active and returning members come from it. Keyed member first, so a year's visits are
 * read in member order and each member's previous bucket is the row before (no sort of a million rows).
 */
export const insightsVisits = pgTable(
  'insights_visits',
  {
    tenantId: text('tenant_id').notNull(),
    memberId: text('member_id').notNull(),
    day: date('day').notNull(),
    branchId: text('branch_id'),
    visits: integer('visits').notNull(),
  },
  (t) => [unique('insights_visits_key').on(t.tenantId, t.memberId, t.day, t.branchId).nullsNotDistinct()],
);

/**
 * The active and returning members per period (docs/design.md §10): `kind` 'd' (day), 'w' (week from Monday) or 'm'
 * (month), `period` its first day, `scope` '' for every branch or a branch id; in shards as insights_daily. Kept by
 * insights_visit() (migration 0066) as visits come and go, so a year by day sums 365 rows per shard.
 */
export const insightsActive = pgTable(
  'insights_active',
  {
    tenantId: text('tenant_id').notNull(),
    scope: text('scope').notNull().default(''),
    kind: text('kind').notNull(),
    period: date('period').notNull(),
    shard: smallint('shard').notNull().default(0),
    active: integer('active').notNull().default(0),
    returning: integer('returning').notNull().default(0),
  },
  (t) => [unique('insights_active_key').on(t.tenantId, t.scope, t.kind, t.period, t.shard)],
);
