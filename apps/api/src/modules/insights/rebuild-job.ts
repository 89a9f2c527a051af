import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { Listener } from '../../lib/changes';
import { hasFigures, rebuildRollup } from './rollup';

/**
 * A change of the business's time zone moves every entry to another day: one queued job per change recomputes
 * the business's daily figures in the new zone (docs/design.md §10). Running it twice gives the same rows.
 */
export function insightsJobs(deps: { db: Database }, jobs: JobQueue) {
  const rebuild = defineJob<{ tenantId: string }>({
    name: 'insights-rebuild',
    // A million entries take seconds; writes of the business wait meanwhile.
    expireInSeconds: 600,
    retryLimit: 5,
    retryDelay: 10,
    retryDelayMax: 300,
    async handle({ tenantId }) {
      await deps.db.transaction((tx) => rebuildRollup(tx, tenantId));
    },
  });
  jobs.define(rebuild);

  /**
   * Enqueues the rebuild in the profile's transaction, so it runs only if the new zone commits; a business with no
   * figures yet (a new one setting its zone) has nothing to move.
   */
  const listener: Listener = async (tx, tenantId, events) => {
    if (!events.some((e) => e.type === 'timezone.changed')) return;
    if (await hasFigures(tx, tenantId)) await jobs.send(tx, rebuild, { tenantId });
  };
  return { rebuild, listener };
}
