import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import type { WebhooksConfig } from '../../config';
import type { Database, Queries } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { Listener } from '../../lib/changes';
import { checkedAddress, type Resolver, systemResolver, WebhookAddressError } from './address-guard';
import { type TenantEvent, webhookEventsOf } from './events';
import { deliveryToSend, disableEndpoint, insertDeliveries, recordAttempt, subscribers } from './repository';
import { sendWebhook } from './sender';

const TIMEOUT_MS = 10_000;
/** An endpoint that has failed this long without one success is turned off. */
const FAILING_LIMIT_MS = 3 * 24 * 3600 * 1000;
/** With the default first delay of 60 s, doubled each time up to two hours: 15 retries span about 18 hours. */
const RETRY_LIMIT = 15;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The webhook deliveries: an event enqueues, in the transaction of its change, one delivery row and one job
 * per endpoint that asked for it; the job signs and posts it, retried with exponential backoff. The event id
 * (`msg_<ulid>`) is made once, so every attempt carries the same `webhook-id` and receivers can drop repeats.
 */
export function webhookJobs(
  db: Database,
  jobs: JobQueue,
  config: WebhooksConfig,
  opts: {
    resolve?: Resolver;
    /**
     * Told, in a transaction, when a delivered member.deleted body has dropped the erased member's code: the old
     * version of the row still holds it on an embedded database's disk until the scrub (plugins/disk-scrub.ts).
     */
    codeDropped?: (tx: Queries) => Promise<void>;
  } = {},
) {
  const resolve = opts.resolve ?? systemResolver;
  const deliver = defineJob<{ deliveryId: string }>({
    name: 'webhook-delivery',
    // The request gives up after 10 s; a run killed mid-way is handed out again after this.
    expireInSeconds: 30,
    retryLimit: RETRY_LIMIT,
    retryDelay: config.retryDelaySeconds,
    retryDelayMax: 7200,
    // Many receivers answer slowly: a batch's requests wait together, not one after another.
    concurrency: 50,
    // A receiver that takes its full 10 s holds up only its own batch; the other workers go on.
    workers: 4,
    async handle({ deliveryId }, { retryCount }) {
      const delivery = await deliveryToSend(db, deliveryId);
      // Delivered already (a run repeated after a crash) or gone with its endpoint: nothing to do.
      if (!delivery || delivery.status === 'SUCCEEDED') return;
      if (!delivery.enabled) {
        await recordAttempt(db, delivery, { status: 'FAILED', responseCode: null, error: 'Endpoint disabled' });
        return;
      }
      const url = new URL(delivery.url);
      const body = JSON.stringify(delivery.payload);
      let outcome: { status: number | null; error?: string };
      try {
        const { address, family } = await checkedAddress(url, config.allowPrivate, resolve);
        const now = new Date();
        const signature = new Webhook(delivery.secret).sign(delivery.eventId, now, body);
        const headers = {
          'webhook-id': delivery.eventId,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': signature,
        };
        outcome = await sendWebhook({ url, address, family, headers, body, timeoutMs: TIMEOUT_MS });
      } catch (error) {
        if (!(error instanceof WebhookAddressError)) throw error;
        outcome = { status: null, error: error.message };
      }
      const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
      const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`);
      const last = retryCount >= RETRY_LIMIT;
      await recordAttempt(db, delivery, {
        status: ok ? 'SUCCEEDED' : last ? 'FAILED' : 'PENDING',
        responseCode: outcome.status,
        error,
      });
      if (ok) {
        const { codeDropped } = opts;
        if (delivery.eventType === 'member.deleted' && codeDropped) await db.transaction((tx) => codeDropped(tx));
        return;
      }
      if (delivery.failingSince && Date.now() - delivery.failingSince.getTime() > FAILING_LIMIT_MS) {
        const since = delivery.failingSince.toISOString();
        await disableEndpoint(db, delivery.endpointId, `Every delivery has failed since ${since}; the last: ${error}`);
        return;
      }
      throw new Error(`webhook not delivered: ${error}`);
    },
  });
  jobs.define(deliver);

  /** Hears every change: what webhook receivers are told of it is enqueued in its transaction. */
  const listener: Listener = (tx, tenantId, events) => enqueue(tx, tenantId, webhookEventsOf(events));

  /**
   * One delivery row and job per event and endpoint that asked for its type, in the change's transaction. The
   * endpoints are read once per type, so a batch of a CSV import (a thousand events) costs a few statements.
   */
  async function enqueue(tx: Queries, tenantId: string, events: TenantEvent[]) {
    if (events.length === 0) return;
    const endpointsOf = new Map<string, { id: string }[]>();
    for (const type of new Set(events.map((e) => e.type))) endpointsOf.set(type, await subscribers(tx, tenantId, type));
    const timestamp = new Date().toISOString();
    const rows = events.flatMap((event) => {
      const endpoints = endpointsOf.get(event.type) ?? [];
      // Most changes have no endpoint listening: no id then (a ulid draws 16 random values, 3 % of a
      // purchase's CPU in the writes profile).
      if (!endpoints.length) return [];
      const eventId = `msg_${ulid()}`;
      const payload = { type: event.type, timestamp, data: event.data };
      return endpoints.map((endpoint) => ({
        id: randomUUID(),
        tenantId,
        endpointId: endpoint.id,
        eventId,
        eventType: event.type,
        payload,
      }));
    });
    // At most a thousand rows a statement: six parameters each stay far below PostgreSQL's 65,535.
    for (let from = 0; from < rows.length; from += 1000) {
      const chunk = rows.slice(from, from + 1000);
      await insertDeliveries(tx, chunk);
      await jobs.sendMany(
        tx,
        deliver,
        chunk.map((row) => ({ deliveryId: row.id })),
      );
    }
  }
  return { deliver, listener };
}
