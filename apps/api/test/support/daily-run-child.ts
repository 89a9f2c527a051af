// Run as a child process by modules/automations/killed-run.test.ts: the day's automations of one business, on a
// database of its own process, saying `batch` as each batch of firings is about to commit, until the test kills
// it (kill -9). Environment: CHILD_DATABASE_URL (PostgreSQL) or CHILD_DATA_DIR (PGlite), CHILD_TENANT, CHILD_NOW.

import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/client';
import type { ChangeFeed } from '../../src/lib/changes';
import { runDailyAutomations } from '../../src/modules/automations/daily';

const {
  CHILD_DATABASE_URL: databaseUrl,
  CHILD_DATA_DIR: dataDir,
  CHILD_TENANT: tenantId,
  CHILD_NOW: now,
} = process.env;
if (!tenantId || !now || (!databaseUrl && !dataDir)) throw new Error('CHILD_TENANT, CHILD_NOW and a database');
const database = createDatabase({ databaseUrl: databaseUrl || undefined, dataDir: dataDir ?? ':memory:' });
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir ?? '/tmp/unused',
    SCHEDULED_WORK: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }),
  { database },
);
await app.ready();
// The batches queue their message's delivery job: the queue must run, as in the API.
await app.jobs.start();
const deps = app.automations.fireDeps();
// automation.fired is the last thing a batch publishes in its transaction: the commit follows.
const feed: ChangeFeed = {
  async publish(tx, tenant, events) {
    await deps.feed.publish(tx, tenant, events);
    if (events.some((e) => e.type === 'automation.fired')) process.stdout.write('batch\n');
  },
};
await runDailyAutomations(database.db, { ...deps, feed }, new Date(now), [tenantId]);
process.stdout.write('done\n');
await app.close();
