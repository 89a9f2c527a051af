import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, tenants } from './tenants';

/** One changed field: what it was and what it became (null when the target was made or removed). */
export type FieldChange = { before: unknown; after: unknown };

/**
 * The audit trail (migration 0013): append only, a trigger refuses UPDATE, DELETE and TRUNCATE. No foreign
 * keys, so nothing cascades into it: an event outlives the tenant row, the account and the target it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    actorType: text('actor_type', { enum: ['account', 'apiKey', 'member', 'system'] }).notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    changes: jsonb('changes').$type<Record<string, FieldChange>>().notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_tenant_created_idx').on(t.tenantId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_events_tenant_action_idx').on(t.tenantId, t.action, t.createdAt),
    index('audit_events_tenant_actor_idx').on(t.tenantId, t.actorId, t.createdAt),
  ],
);

export type ImportRowError = { row: number; field: string; message: string };

/** A members CSV import: the file it runs, its column mapping, its progress and its bad rows. */
export const imports = pgTable(
  'imports',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    dryRun: boolean('dry_run').notNull(),
    fileHash: text('file_hash').notNull(),
    /** Where the uploaded CSV is kept (storage driver) until the job has run it; null for a dry run. */
    storageKey: text('storage_key'),
    /** CSV header → member field. */
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('imports_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
