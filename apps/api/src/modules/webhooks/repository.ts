import type { Delivery, Webhook, WebhookBody, WebhookEventType } from '@loyalty/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { RecordChange } from '../../lib/changes';

const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  failingSince: webhookEndpoints.failingSince,
  createdAt: webhookEndpoints.createdAt,
};

type EndpointRow = { [K in keyof typeof endpointColumns]: (typeof endpointColumns)[K]['_']['data'] } & {
  failingSince: Date | null;
  disabledReason: string | null;
};

const toWebhook = (row: EndpointRow): Webhook => ({
  ...row,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit trail keeps of an endpoint: never its secret. */
const audited = (row: { url: string; events: string[]; enabled: boolean }) => ({
  url: row.url,
  events: row.events,
  enabled: row.enabled,
});

export async function insertEndpoint(
  db: Database,
  tenantId: string,
  row: WebhookBody & { id: string; secret: string },
  recordChange: RecordChange,
): Promise<Webhook> {
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(webhookEndpoints)
      .values({ ...row, tenantId })
      .returning(endpointColumns);
    const endpoint = toWebhook(made as EndpointRow);
    await recordChange(tx, 'webhooks', {
      action: 'webhook.create',
      target: { type: 'webhook', id: row.id },
      after: audited(endpoint),
    });
    return endpoint;
  });
}

export async function listEndpoints(db: Database, tenantId: string): Promise<Webhook[]> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, tenantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((row) => toWebhook(row as EndpointRow));
}

export async function findEndpoint(db: Database, tenantId: string, id: string): Promise<Webhook | undefined> {
  const rows = await db
    .select(endpointColumns)
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)));
  return rows[0] && toWebhook(rows[0] as EndpointRow);
}

/** Saving turns a server-disabled endpoint back on with a clean record when the admin enables it. */
export async function updateEndpoint(
  db: Database,
  tenantId: string,
  id: string,
  body: WebhookBody,
  recordChange: RecordChange,
): Promise<Webhook | undefined> {
  return db.transaction(async (tx) => {
    const where = and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id));
    const [before] = await tx.select(endpointColumns).from(webhookEndpoints).where(where).for('update');
    if (!before) return undefined;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...body,
        ...(body.enabled ? { disabledReason: null, failingSince: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning(endpointColumns);
    const endpoint = toWebhook(row as EndpointRow);
    await recordChange(tx, 'webhooks', {
      action: 'webhook.update',
      target: { type: 'webhook', id },
      before: audited(before),
      after: audited(endpoint),
    });
    return endpoint;
  });
}

export async function deleteEndpoint(
  db: Database,
  tenantId: string,
  id: string,
  recordChange: RecordChange,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, id)))
      .returning(endpointColumns);
    if (!removed) return false;
    await recordChange(tx, 'webhooks', {
      action: 'webhook.delete',
      target: { type: 'webhook', id },
      before: audited(removed),
      after: null,
    });
    return true;
  });
}

/** Built once (db/prepared.ts): every points transaction asks it, once per event. */
const subscribersStatement = preparedStatements((tx: Queries) =>
  tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.tenantId, sql.placeholder('tenantId')),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> array[${sql.placeholder('type')}]::text[]`,
      ),
    )
    .prepare('webhook_subscribers'),
);

/** The tenant's enabled endpoints that asked for this event. */
export async function subscribers(tx: Queries, tenantId: string, type: WebhookEventType) {
  return subscribersStatement(tx).execute({ tenantId, type });
}

export async function insertDeliveries(tx: Queries, rows: (typeof webhookDeliveries.$inferInsert)[]) {
  if (rows.length) await tx.insert(webhookDeliveries).values(rows);
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseCode: webhookDeliveries.responseCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
};

export async function listDeliveries(db: Database, tenantId: string, endpointId: string, page: number, size: number) {
  const where = and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId));
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const content: Delivery[] = rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  }));
  return { rows: content, total: Number(total?.n ?? 0) };
}

/** What a delivery run needs: the event and where and how to send it. */
export async function deliveryToSend(db: Database, deliveryId: string) {
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      tenantId: webhookDeliveries.tenantId,
      endpointId: webhookDeliveries.endpointId,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      createdAt: webhookDeliveries.createdAt,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
      enabled: webhookEndpoints.enabled,
      failingSince: webhookEndpoints.failingSince,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  return rows[0];
}

/**
 * Records one attempt. The endpoint's failing streak starts at its first failure and ends at a success;
 * the endpoint row is written only when that changes (most deliveries touch one row).
 */
export async function recordAttempt(
  db: Database,
  delivery: { id: string; endpointId: string; failingSince: Date | null },
  outcome: { status: 'PENDING' | 'SUCCEEDED' | 'FAILED'; responseCode: number | null; error: string | null },
) {
  const streakChanges = (outcome.status === 'SUCCEEDED') === (delivery.failingSince !== null);
  const write = async (tx: Queries) => {
    await tx
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        responseCode: outcome.responseCode,
        lastError: outcome.error,
        lastAttemptAt: sql`now()`,
        ...(outcome.status === 'SUCCEEDED'
          ? {
              deliveredAt: sql`now()`,
              // A member.deleted body names the erased member's code for the receiver only: once it has it, the
              // stored copy keeps the id alone (docs/design.md §10).
              payload: sql`case when ${webhookDeliveries.eventType} = 'member.deleted'
                then ${webhookDeliveries.payload} #- '{data,membershipCode}' else ${webhookDeliveries.payload} end`,
            }
          : {}),
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (!streakChanges) return;
    await tx
      .update(webhookEndpoints)
      .set(
        outcome.status === 'SUCCEEDED'
          ? { failingSince: null }
          : { failingSince: sql`coalesce(${webhookEndpoints.failingSince}, now())` },
      )
      .where(eq(webhookEndpoints.id, delivery.endpointId));
  };
  if (streakChanges) await db.transaction(write);
  else await write(db);
}

/** Turns off an endpoint that has failed for long enough, saying why (the Developers screen shows it). */
export async function disableEndpoint(db: Database, endpointId: string, reason: string) {
  await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: sql`now()` })
    .where(eq(webhookEndpoints.id, endpointId));
}

/** A delivery a person asked to send again: pending once more, same event id. */
export async function reopenDelivery(db: Queries, tenantId: string, endpointId: string, deliveryId: string) {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'PENDING' })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .returning(deliveryColumns);
  return rows[0];
}
