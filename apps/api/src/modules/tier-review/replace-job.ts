import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { ChangeFeed, Listener } from '../../lib/changes';
import { getPolicy } from '../points';
import { hasMembers } from './repository';
import { runReview } from './review';

/**
 * A tier created, changed (its range, its being active) or deleted re-places every member of the business under
 * the tier policy at once, as the daily review would (docs/design.md §9): one queued job per change, which runs
 * the review itself (runReview: members moved in batches of their own transactions, each move a `tier.changed`
 * webhook, an audit event and a pass update). With no policy saved, the default's lifetime spend places members
 * both ways, as a purchase does. It moves each member once however many jobs run: a move applies only to a member
 * still holding the tier the review saw.
 */
export function tierReplaceJobs(deps: { db: Database; feed: ChangeFeed }, jobs: JobQueue) {
  const replace = defineJob<{ tenantId: string }>({
    name: 'tier-replace',
    // As the daily review's tick: 100,000 members take under a minute.
    expireInSeconds: 900,
    retryLimit: 5,
    retryDelay: 10,
    retryDelayMax: 300,
    async handle({ tenantId }) {
      const policy = await getPolicy(deps.db, tenantId);
      await runReview(deps.db, deps.feed, tenantId, policy, new Date());
    },
  });
  jobs.define(replace);

  /**
   * Enqueues the job in the tier write's transaction, so it runs only if the tier change commits; a business
   * with no member yet (its first tiers, the setup checklist) has nobody to place.
   */
  const listener: Listener = async (tx, tenantId, events) => {
    if (!events.some((e) => e.type === 'tiers.changed')) return;
    if (await hasMembers(tx, tenantId)) await jobs.send(tx, replace, { tenantId });
  };
  return { replace, listener };
}
