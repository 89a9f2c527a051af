import type { Database } from '../../../db/client';
import { defineJob, type JobQueue } from '../../../jobs/queue';
import type { CardHooks } from '../../../lib/changes';
import { findObjectRow, hasGoogleObjects, markObjectFailed, objectMembersPage } from './repository';
import type { GoogleSync } from './sync';

/** The fan-out PATCHes a tenant's objects in pages of this many, this many at a time: well inside Google's quota. */
const FAN_OUT_PAGE = 100;
const FAN_OUT_PARALLEL = 10;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The Google Wallet jobs and the change hooks that enqueue them, beside the APNs pushes of the same change
 * (lib/changes.ts): a member's change PATCHes that member's object; a tenant-wide change (design, store
 * settings, a tier's name) enqueues ONE job that updates the class and then pages through the objects.
 */
export function googleWalletJobs(db: Database, jobs: JobQueue, sync: GoogleSync) {
  const syncMember = defineJob<{ tenantId: string; memberId: string }>({
    name: 'google-wallet-object',
    // Two REST calls of at most 15 s each, plus a token grant.
    expireInSeconds: 60,
    retryLimit: 8,
    retryDelay: 2,
    retryDelayMax: 600,
    async handle({ tenantId, memberId }) {
      try {
        await sync.syncObject(tenantId, memberId, 'update');
      } catch (error) {
        // A refused connection or a timeout is recorded too, so the member's detail shows why it is behind.
        await markObjectFailed(db, memberId, messageOf(error));
        throw error;
      }
    },
  });

  const syncTenant = defineJob<{ tenantId: string }>({
    name: 'google-wallet-class',
    expireInSeconds: 900,
    retryLimit: 5,
    retryDelay: 5,
    retryDelayMax: 600,
    async handle({ tenantId }) {
      await sync.syncClass(tenantId);
      let after = '';
      for (;;) {
        const page = await objectMembersPage(db, tenantId, after, FAN_OUT_PAGE);
        if (page.length === 0) break;
        for (let i = 0; i < page.length; i += FAN_OUT_PARALLEL) {
          const slice = page.slice(i, i + FAN_OUT_PARALLEL);
          const outcomes = await Promise.allSettled(
            slice.map((memberId) => sync.syncObject(tenantId, memberId, 'update')),
          );
          for (const [j, outcome] of outcomes.entries()) {
            // One member's failure becomes that member's own job with its own retries; the page goes on.
            if (outcome.status === 'rejected') {
              const memberId = slice[j] as string;
              await markObjectFailed(db, memberId, messageOf(outcome.reason));
              await jobs.send(db, syncMember, { tenantId, memberId });
            }
          }
        }
        after = page.at(-1) as string;
      }
    },
  });

  // The member is gone by the time this runs: the job carries the object's id itself.
  const voidObject = defineJob<{ tenantId: string; objectId: string }>({
    name: 'google-wallet-object-void',
    expireInSeconds: 60,
    retryLimit: 8,
    retryDelay: 2,
    retryDelayMax: 600,
    handle: ({ tenantId, objectId }) => sync.voidObject(tenantId, objectId),
  });

  jobs.define(syncMember);
  jobs.define(syncTenant);
  jobs.define(voidObject);

  const hooks: CardHooks = {
    async memberChanged(tx, tenantId, memberId, detail) {
      if (!(await hasGoogleObjects(tx, tenantId, memberId))) return;
      await jobs.send(tx, syncMember, { tenantId, memberId });
      // Points expiring lower the balance without a write: the object is brought up to date when they do.
      if (detail?.expiresAt) {
        await jobs.send(tx, syncMember, { tenantId, memberId }, { startAfter: detail.expiresAt });
      }
    },
    async memberDeleted(tx, tenantId, memberId) {
      const row = await findObjectRow(tx, tenantId, memberId);
      if (row) await jobs.send(tx, voidObject, { tenantId, objectId: row.objectId });
    },
    async tenantChanged(tx, tenantId) {
      if (await hasGoogleObjects(tx, tenantId)) await jobs.send(tx, syncTenant, { tenantId });
    },
  };
  return { syncMember, syncTenant, voidObject, hooks };
}
