import type { ApiKeyScope, DeliveryStatus, WebhookEventType } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, tenants } from './tenants';

const tenantRef = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** An API key: `lpk_<id>_<secret>`; only the SHA-256 of the secret is kept. Revoked keys stay, for the audit. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiKeyScope[]>(),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** A receiver of webhooks. The secret signs every delivery, so it is kept as given and never shown again. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    url: text('url').notNull(),
    events: text('events').array().notNull().$type<WebhookEventType[]>(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failure since the last success; three days of failing turns the endpoint off. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** One event for one endpoint; its `eventId` is the `webhook-id` of every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    tenantId: tenantRef(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull().$type<WebhookEventType>(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('PENDING').$type<DeliveryStatus>(),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.tenantId, t.endpointId, t.createdAt.desc(), t.id.desc()),
    // The retention sweep's range (finished deliveries past their keep): migration 0017.
    index('webhook_deliveries_finished_idx').on(t.createdAt).where(sql`${t.status} <> 'PENDING'`),
  ],
);
