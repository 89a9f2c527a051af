import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Queries } from '../db/client';
import { createDiskScrub } from '../db/disk-scrub';
import { defineJob } from '../jobs/queue';
import type { Listener } from '../lib/changes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The embedded database's scrub after an erasure (db/disk-scrub.ts): `request(tx)` in the transaction that
     * left the person in the files, `runIfPending()` before a backup copies them.
     */
    diskScrub: { request(tx: Queries): Promise<void>; runIfPending(): Promise<boolean> };
  }
}

/**
 * Soon, not at once: the scrub rewrites whole tables while the embedded database waits, so the erasures of the next
 * half minute, and the delivery of their member.deleted webhooks (which drops the code), share one run.
 */
const DELAY_MS = 30_000;

/**
 * The queued scrub (docs/design.md §10): a request recorded and its job enqueued in the erasure's transaction, so a
 * crash after the commit still scrubs (the job outlives the process, and a backup runs a pending scrub first).
 * On PostgreSQL there is nothing to scrub and nothing is queued. Registered after the job queue.
 */
export const diskScrubPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const scrub = createDiskScrub(app.database, { jobQueueSchema: opts.config.jobQueueSchema });
  const job = defineJob<Record<string, never>>({
    name: 'disk-scrub',
    // VACUUM FULL of a large ledger takes a while; a run cut off is done again (the request stays until it ends).
    expireInSeconds: 600,
    retryLimit: 10,
    retryDelay: 60,
    retryDelayMax: 3600,
    async handle() {
      await scrub.runIfPending();
    },
  });
  // Only an embedded database kept on disk has files to scrub (one in memory, as in most tests, has none).
  const embedded = app.database.engine === 'pglite' && app.database.dumpDataDir !== undefined;
  if (embedded) app.jobs.define(job);
  app.decorate('diskScrub', {
    async request(tx: Queries) {
      if (!embedded) return;
      await scrub.request(tx);
      await app.jobs.send(tx, job, {}, { startAfter: new Date(Date.now() + DELAY_MS), singletonKey: 'disk-scrub' });
    },
    runIfPending: () => scrub.runIfPending(),
  });
});

/** Hears erasures (member.deleted) and asks for the scrub in their transaction. */
export const diskScrubListener =
  (request: (tx: Queries) => Promise<void>): Listener =>
  async (tx, _tenantId, events) => {
    if (events.some((e) => e.type === 'member.deleted')) await request(tx);
  };
