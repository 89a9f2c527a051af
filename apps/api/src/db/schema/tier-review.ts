import type { TierBasis, TierDowngrade } from '@loyalty/contracts';
import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A business's tier policy (migration 0030); no row: tiers follow lifetime spend, as before policies. */
export const tierPolicies = pgTable('tier_policies', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  basis: text('basis').$type<TierBasis>().notNull(),
  months: integer('months'),
  downgrade: text('downgrade').$type<TierDowngrade>().notNull(),
  graceDays: integer('grace_days').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per business, kind of scheduled work ('tier-review') and local day: the instance that inserts it does
 * that day's work, so several instances running the schedule at once do it once.
 */
export const scheduledRuns = pgTable(
  'scheduled_runs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    upgrades: integer('upgrades'),
    downgrades: integer('downgrades'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.kind, t.day], name: 'scheduled_runs_pkey' })],
);
