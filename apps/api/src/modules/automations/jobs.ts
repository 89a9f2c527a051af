import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { ChangeFeed } from '../../lib/changes';
import type { Ledger } from '../ledger';
import type { SendJob } from '../messages';
import { runDailyAutomations } from './daily';
import { type AutomationEvent, automationsListener, handleAutomationEvent } from './events';
import type { FireDeps } from './firing';

type Deps = { db: Database; ledger: Ledger; jobs: JobQueue; send: SendJob; feed: ChangeFeed };

/**
 * The automations' jobs (docs/design.md §10): one per write that may fire WELCOME, NEAR_REWARD or REFERRAL (or undo a
 * referral), enqueued in the write's transaction so it runs within seconds and survives a crash; and, when
 * `scheduled`, the daily run of BIRTHDAY and WIN_BACK on a cron (every 5 minutes, each business's day once).
 * Answers the change feed's listener and what the tests drive directly.
 */
export function automationJobs(deps: Omit<Deps, 'feed'> & { feed: () => ChangeFeed }, scheduled: boolean) {
  const fireDeps = (): FireDeps => ({ ledger: deps.ledger, jobs: deps.jobs, send: deps.send, feed: deps.feed() });
  const event = defineJob<AutomationEvent>({
    name: 'automation-event',
    expireInSeconds: 120,
    retryLimit: 10,
    retryDelay: 5,
    retryDelayMax: 300,
    async handle(data) {
      await handleAutomationEvent(deps.db, fireDeps(), data);
    },
  });
  deps.jobs.define(event);
  if (scheduled) {
    deps.jobs.define(
      defineJob<Record<string, never>>({
        name: 'automations-daily',
        cron: '*/5 * * * *',
        // A day of 100,000 members takes under a minute; a run killed midway is taken up by the next tick.
        expireInSeconds: 900,
        retryLimit: 0,
        retryDelay: 60,
        retryDelayMax: 60,
        async handle() {
          await runDailyAutomations(deps.db, fireDeps(), new Date());
        },
      }),
    );
  }
  return {
    listener: automationsListener((tx, events) => deps.jobs.sendMany(tx, event, events)),
    fireDeps,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The automations' jobs (modules/automations): what the daily run and the event jobs fire with. */
    automations: ReturnType<typeof automationJobs>;
  }
}
