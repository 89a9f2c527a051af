import type { AutomationKind } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { rewards } from './rewards';
import { tenants } from './tenants';

/** A business's automations (docs/design.md §10, migration 0064): one per kind. */
export const automations = pgTable(
  'automations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AutomationKind>().notNull(),
    active: boolean('active').notNull().default(false),
    text: text('text'),
    textZh: text('text_zh'),
    textCn: text('text_cn'),
    // WELCOME keeps none here: its points are the enrolment's welcome points (one value, read from there).
    bonusPoints: integer('bonus_points'),
    // A gift: a redemption of this reward ISSUED to the member (`source` GIFT); the reward cannot be deleted meanwhile.
    rewardId: text('reward_id').references(() => rewards.id, { onDelete: 'restrict' }),
    days: integer('days'),
    pointsAway: integer('points_away'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automations_tenant_kind_key').on(t.tenantId, t.kind),
    check('automations_kind_check', sql`${t.kind} in ('WELCOME', 'BIRTHDAY', 'WIN_BACK', 'NEAR_REWARD', 'REFERRAL')`),
  ],
);

/**
 * One firing of an automation for one member on one occasion; the unique key is what makes a firing happen once
 * whatever the number of runs, retries or restarts: its row is inserted in the transaction that pays the points,
 * issues the gift and enqueues the message, so a kill -9 before the commit leaves nothing and after it leaves all.
 * `occasion`: WELCOME `joined`; BIRTHDAY the year; WIN_BACK the last visit it lapsed from; NEAR_REWARD the band
 * entered; REFERRAL `friend:<member>` for the member who invited, `joined` for the friend. No foreign key to the
 * member: the log keeps its figures after an erasure.
 */
export const automationFirings = pgTable(
  'automation_firings',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    automationId: text('automation_id').notNull(),
    kind: text('kind').$type<AutomationKind>().notNull(),
    memberId: text('member_id').notNull(),
    occasion: text('occasion').notNull(),
    // The business's day it fired on (its time zone): the log by day.
    day: date('day').notNull(),
    points: integer('points').notNull().default(0),
    entryId: text('entry_id'),
    redemptionId: text('redemption_id'),
    messaged: boolean('messaged').notNull().default(false),
    // REFERRAL: the friend's first purchase the bonus names; reversing it reverses the bonus.
    causeEntryId: text('cause_entry_id'),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automation_firings_occasion_key').on(t.tenantId, t.automationId, t.memberId, t.occasion),
    index('automation_firings_day_idx').on(t.tenantId, t.automationId, t.day),
    index('automation_firings_cause_idx').on(t.tenantId, t.causeEntryId).where(sql`${t.causeEntryId} is not null`),
  ],
);

/**
 * A member inside a reward's NEAR_REWARD band (spendable balance within `pointsAway` below its cost): the row is
 * made when a write brings them in (the firing) and removed when one takes them out, so they are told again only
 * after leaving the band.
 */
export const automationBands = pgTable(
  'automation_bands',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    rewardId: text('reward_id').notNull(),
    id: text('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('automation_bands_key').on(t.tenantId, t.memberId, t.rewardId)],
);
