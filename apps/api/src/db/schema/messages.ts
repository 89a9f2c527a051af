import type { MessageState, SegmentFilter } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { promotions } from './promotions';
import { tenants } from './tenants';

const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A saved filter over the members (docs/design.md §9), named uniquely per business in any letter case. */
export const segments = pgTable(
  'segments',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('segments_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/**
 * A message to cardholders and its log: the counters move in the transactions that do what they count, so the
 * log fills as the queue works and a batch repeated after a crash does not count twice.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    text: text('text').notNull(),
    textZh: text('text_zh'),
    textCn: text('text_cn'),
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<MessageState>().notNull().default('SCHEDULED'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    targeted: integer('targeted').notNull().default(0),
    passesUpdated: integer('passes_updated').notNull().default(0),
    applePushes: integer('apple_pushes').notNull().default(0),
    googleNotified: integer('google_notified').notNull().default(0),
    googleQuiet: integer('google_quiet').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /**
     * A notice the app sent by itself, by what caused it (`points.expiring`: the expiry warning); null for the
     * business's own messages, the only ones its list shows.
     */
    origin: text('origin'),
    /** The automation that sent it (docs/design.md §10, migration 0064); null for the business's own messages. */
    automationId: text('automation_id'),
    /**
     * The promotion the message announces (docs/design.md §10 "Promotions", migration 0070); deleting the promotion
     * unlinks it, the text stays.
     */
    promotionId: text('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** The send job's run working on the message, and until when (a killed run's lease lapses). */
    leaseBy: text('lease_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  // The business's list: its own messages, newest first (the app's notices are many and listed nowhere).
  // The promotion's index lets its delete unlink its messages without reading every notice of the table.
  (t) => [
    index('messages_tenant_created_idx').on(t.tenantId, t.createdAt.desc()).where(sql`${t.origin} is null`),
    index('messages_promotion_idx').on(t.promotionId).where(sql`${t.promotionId} is not null`),
  ],
);

/**
 * One member a message goes to, chosen when it was sent; `done` once its pass and Google object have it. No
 * foreign key to members: a member deleted meanwhile is simply skipped.
 */
export const messageTargets = pgTable(
  'message_targets',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    done: boolean('done').notNull().default(false),
  },
  // The send job walks a message's targets in member order along the primary key, from where it stopped.
  // The card page finds the latest message a member was sent by member (docs/design.md §9).
  (t) => [
    primaryKey({ name: 'message_targets_pkey', columns: [t.messageId, t.memberId] }),
    index('message_targets_member_idx').on(t.tenantId, t.memberId),
  ],
);

/** Each Google Wallet notice a pass was sent (Google shows at most three a pass in 24 hours). */
export const googleWalletNotices = pgTable(
  'google_wallet_notices',
  {
    tenantId: text('tenant_id').notNull(),
    memberId: text('member_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('google_wallet_notices_member_idx').on(t.tenantId, t.memberId, t.sentAt)],
);
