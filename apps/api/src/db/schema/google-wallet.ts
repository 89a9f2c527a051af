import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './members';
import { tenants } from './tenants';

/**
 * A tenant's Google Wallet loyaltyClass (id `<issuerId>.<tenantId>`): when the Wallet REST API last took it
 * (inserted or updated) and the last error it gave. Made on the first save link and on every design change.
 */
export const googleWalletClasses = pgTable('google_wallet_classes', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  classId: text('class_id').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
});

/**
 * A member's Google Wallet loyaltyObject (id `<issuerId>.<memberId>`), from the first save link on. `insertedAt`:
 * Google took our insert; `confirmedAt`: Google answered an insert or PATCH with 200, or showed `hasUsers`
 * (the dashboard counts these); `pointsSynced`: the balance Google last took, so a PATCH asks for an update
 * notice only when the points changed (Google allows 3 notices a day).
 */
export const googleWalletObjects = pgTable(
  'google_wallet_objects',
  {
    memberId: text('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    objectId: text('object_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    insertedAt: timestamp('inserted_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    pointsSynced: integer('points_synced'),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [
    index('google_wallet_objects_tenant_idx').on(t.tenantId, t.memberId),
    // The member delete's cascade (migration 0016).
    index('google_wallet_objects_member_idx').on(t.memberId),
  ],
);
