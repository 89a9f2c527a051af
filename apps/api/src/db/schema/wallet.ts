import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { tenants } from './tenants';

const memberRef = () =>
  text('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });
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
    memberId: text('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When APNs last accepted a push for this pass (the member's detail shows it). */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (t) => [index('wallet_passes_tenant_idx').on(t.tenantId, t.memberId)],
);

/**
 * The `authenticationToken`s handed out in passes, stored as SHA-256 hashes. Each download has its own, so a
 * pass installed earlier keeps working after staff download it again.
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
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.passTypeId, t.memberId] }),
    index('wallet_registrations_member_idx').on(t.tenantId, t.memberId),
    index('wallet_registrations_push_token_idx').on(t.pushToken),
  ],
);
