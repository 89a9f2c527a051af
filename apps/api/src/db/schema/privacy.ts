import { boolean, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { tenants } from './tenants';

/** What an erased member leaves (migration 0040): its figures for the business's totals, nothing of the person. */
export const erasedMembers = pgTable(
  'erased_members',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    tierId: text('tier_id'),
    pointsBalance: integer('points_balance').notNull(),
    lifetimeSpend: numeric('lifetime_spend', { precision: 14, scale: 2 }).notNull(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
    // What the business's figures keep of the member (migration 0066, docs/design.md §10 "Insights"): when it
    // joined and its home branch, filled from the member's row as it is erased (a trigger), for a rebuild of the
    // daily figures.
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    homeBranchId: text('home_branch_id'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.memberId] })],
);

/**
 * The key that seals a member's personal details in the audit trail; it goes with the member's row (cascade), so
 * an erased person's details in the append-only trail can no longer be read (crypto-shredding).
 */
export const memberKeys = pgTable(
  'member_keys',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    /** 32 random bytes, base64: AES-256-GCM. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_keys_tenant_idx').on(t.tenantId)],
);

export const CONSENT_SOURCES = ['card', 'staff'] as const;

/** Each change of a member's consent: what, given or withdrawn, where, when. */
export const memberConsents = pgTable(
  'member_consents',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['marketing'] }).notNull(),
    granted: boolean('granted').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_consents_member_idx').on(t.tenantId, t.memberId, t.createdAt)],
);

/**
 * The embedded database's pending scrub after an erasure (migration 0050, db/disk-scrub.ts): one row, the time of the
 * latest request, removed by the scrub that has rewritten the tables and moved the write-ahead log past them.
 */
export const diskScrubRequests = pgTable('disk_scrub_requests', {
  id: smallint('id').primaryKey().default(1),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
