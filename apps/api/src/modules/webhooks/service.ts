import { INTEGRATION_MESSAGES, type WebhookBody } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import type { RecordChange } from '../../lib/changes';
import { badRequest, foundOr404 } from '../../lib/errors';
import { checkedAddress, WebhookAddressError } from './address-guard';
import { newWebhookSecret, type webhookJobs } from './delivery-job';
import { insertEndpoint, reopenDelivery, updateEndpoint } from './repository';

const NOT_FOUND = 'Webhook not found';

/** The SSRF guard at save time (it runs again before every delivery, on the address then resolved). */
async function assertReachable(body: WebhookBody, allowPrivate: boolean) {
  try {
    await checkedAddress(new URL(body.url), allowPrivate);
  } catch (error) {
    if (!(error instanceof WebhookAddressError)) throw error;
    const message = error.reason === 'private' ? INTEGRATION_MESSAGES.privateUrl : INTEGRATION_MESSAGES.unresolvable;
    throw badRequest({ url: message }, message);
  }
}

/** Adds a reachable endpoint with a new signing secret; the answer is the only time the secret is shown. */
export async function addEndpoint(
  db: Database,
  allowPrivate: boolean,
  tenantId: string,
  body: WebhookBody,
  recordChange: RecordChange,
) {
  await assertReachable(body, allowPrivate);
  const secret = newWebhookSecret();
  const endpoint = await insertEndpoint(db, tenantId, { ...body, id: crypto.randomUUID(), secret }, recordChange);
  return { ...endpoint, secret };
}

/** Changes an endpoint to a reachable address; 404 when the tenant has no such endpoint. */
export async function changeEndpoint(
  db: Database,
  allowPrivate: boolean,
  tenantId: string,
  id: string,
  body: WebhookBody,
  recordChange: RecordChange,
) {
  await assertReachable(body, allowPrivate);
  return foundOr404(await updateEndpoint(db, tenantId, id, body, recordChange), NOT_FOUND);
}

/** Sends a delivery again now, with the same event id: reopened and queued in one transaction. */
export async function retryDelivery(
  db: Database,
  jobs: JobQueue,
  deliver: ReturnType<typeof webhookJobs>['deliver'],
  tenantId: string,
  { id, deliveryId }: { id: string; deliveryId: string },
  recordChange: RecordChange,
) {
  const reopened = await db.transaction(async (tx) => {
    const row = await reopenDelivery(tx, tenantId, id, deliveryId);
    if (row) {
      await jobs.send(tx, deliver, { deliveryId });
      // The endpoint's deliveries list shows it queued again; the trail keeps no event of a retry.
      await recordChange(tx, 'webhooks');
    }
    return row;
  });
  const row = foundOr404(reopened, 'Delivery not found');
  return { ...row, createdAt: row.createdAt.toISOString(), lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null };
}
