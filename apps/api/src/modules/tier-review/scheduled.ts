import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { ChangeFeed } from '../../lib/changes';
import type { Scope } from '../../lib/run-scope';
import type { Ledger } from '../ledger';
import { sweepLapsedPoints, warnExpiringPoints } from '../ledger';
import { getPolicy } from '../points';
import { runDueReviews } from './review';

type ScheduledDeps = { db: Database; feed: ChangeFeed; ledger: Ledger };

/**
 * The work that runs on the clock rather than on a request, at `now`: lapsed points written off, warnings of
 * points about to lapse, and the day's tier review of each business (once per business and local day); `only`
 * keeps it to some businesses.
 */
export async function runScheduled(deps: ScheduledDeps, now: Date, only?: Scope) {
  const swept = await sweepLapsedPoints(deps.db, deps.ledger, now, only);
  const warned = await warnExpiringPoints(deps.db, deps.feed, now, only);
  const reviewed = await runDueReviews(deps.db, deps.feed, now, getPolicy, only);
  return { swept, warned, reviewed };
}

/**
 * Every 5 minutes (pg-boss's scheduler sends one job per occurrence whatever the number of instances), so points
 * lapse and warnings go out within minutes, and a business's review runs in the first minutes of its local day.
 * A run overlapping another does each piece of work once (the ledger's member lock, the warned lots, the run row).
 */
export function scheduledJobs(deps: ScheduledDeps, jobs: JobQueue) {
  const tick = defineJob<Record<string, never>>({
    name: 'scheduled-tick',
    cron: '*/5 * * * *',
    // A review of 100,000 members takes under a minute; a run killed mid-way is picked up by the next tick.
    expireInSeconds: 900,
    retryLimit: 0,
    retryDelay: 60,
    retryDelayMax: 60,
    async handle() {
      await runScheduled(deps, new Date());
    },
  });
  jobs.define(tick);
  return tick;
}
