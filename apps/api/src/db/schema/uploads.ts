import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, tenants } from './tenants';

export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
