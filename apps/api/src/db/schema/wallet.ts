import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/**
 * The member a pass belongs to. Deliberately no foreign key to members: a deleted member's pass, its tokens and
 * its devices stay (voided) until every device has fetched the voided pass and let go (0015); the tenant's
 * deletion still takes them all.
 */
const memberRef = () => text('member_id').notNull();
const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * One Apple Wallet pass per member, created when the pass is first issued (serial number = member id).
 * `updatedAt` moves, in the transaction of every change the pass shows, by at least one second each time,
 * so the second-resolution `Last-Modified` and the `passesUpdatedSince` tag always see a change.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    memberId: text('member_id').primaryKey(),
    tenantId: tenantRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When APNs last accepted a push for this pass (the member's detail shows it). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** The last push attempt for this pass, delivered or not, and what went wrong (null when it went through). */
    pushAttemptedAt: timestamp('push_attempted_at', { withTimezone: true }),
    pushError: text('push_error'),
    /**
     * The pass's `authenticationToken` is derived from a server key, the member id and this version (0020), so
     * it is never stored and the same token is served again; a new version revokes every token of the pass.
     */
    tokenVersion: integer('token_version').notNull().default(1),
    /** The member was deleted: the pass is served voided, without the member's details, until no device holds it. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** The latest message to cardholders the pass shows in its "Latest news" back field (0035). */
    newsMessageId: text('news_message_id'),
  },
  (t) => [index('wallet_passes_tenant_idx').on(t.tenantId, t.memberId)],
);

/**
 * The random `authenticationToken`s handed out before tokens were derived (0020), stored as SHA-256 hashes: the
 * passes installed with them keep working, each found by its hash. No row is added any more; a new token
 * version on the pass removes them.
 */
export const walletPassTokens = pgTable(
  'wallet_pass_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: memberRef(),
    tenantId: tenantRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('wallet_pass_tokens_member_idx').on(t.memberId)],
);

/** A device that holds a pass and wants its pushes (Apple's register call); the push token is the device's. */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    deviceLibraryId: text('device_library_id').notNull(),
    passTypeId: text('pass_type_id').notNull(),
    memberId: memberRef(),
    tenantId: tenantRef(),
    pushToken: text('push_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The device's latest register call (APNs's 410 counts only for tokens not registered again since). */
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    /** This device's last push attempt, the last one APNs accepted, and the last attempt's error (null: none). */
    pushAttemptedAt: timestamp('push_attempted_at', { withTimezone: true }),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    pushError: text('push_error'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.memberId] }),
    index('wallet_registrations_member_idx').on(t.tenantId, t.memberId),
    index('wallet_registrations_push_token_idx').on(t.pushToken),
    index('wallet_registrations_tenant_push_token_idx').on(t.tenantId, t.pushToken),
  ],
);
