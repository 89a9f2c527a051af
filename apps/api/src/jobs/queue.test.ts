import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine } from '../../test/helpers';
import { createDatabase, type DatabaseHandle } from '../db/client';
import { createJobQueue, defineJob, type JobQueue } from './queue';

/** The queue on the engine under test: a job sent in a transaction lives and dies with it, and its handler runs. */
describe(`job queue on ${engine}`, () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  const handled: string[] = [];
  let failuresLeft = 1;
  const echo = defineJob<{ word: string }>({
    name: 'test-echo',
    expireInSeconds: 30,
    retryLimit: 3,
    retryDelay: 1,
    retryDelayMax: 2,
    async handle({ word }) {
      if (word === 'flaky' && failuresLeft-- > 0) throw new Error('first try fails');
      handled.push(word);
    },
  });
  // Long expiry, short heartbeat: a run whose worker died is retried on its heartbeat, long before its expiry.
  const beating = defineJob<{ word: string }>({
    name: 'test-beating',
    expireInSeconds: 600,
    heartbeatSeconds: 10,
    retryLimit: 3,
    retryDelay: 1,
    retryDelayMax: 2,
    async handle({ word }) {
      handled.push(word);
    },
  });
  const quiet = { warn: () => {}, error: () => {} };
  const schema = `pgboss_test_${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    database =
      engine === 'postgres'
        ? createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: ':memory:' })
        : createDatabase({ dataDir: ':memory:' });
    if (engine === 'pglite') await database.migrate();
    jobs = createJobQueue({ database, databaseUrl: process.env.TEST_DATABASE_URL, schema, log: quiet });
    jobs.define(echo);
    jobs.define(beating);
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    if (engine === 'postgres') await database.db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
    await database?.close();
  });

  const until = async (check: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('leaves no job when the transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(tx, echo, { word: 'rolled-back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const stored = await jobs.find(echo);
    expect(stored.filter((j) => (j.data as { word: string }).word === 'rolled-back')).toHaveLength(0);
  });

  it('keeps one job when the transaction commits, and runs its handler', async () => {
    await database.db.transaction(async (tx) => {
      await jobs.send(tx, echo, { word: 'committed' });
    });
    const stored = await jobs.find(echo);
    expect(stored.filter((j) => (j.data as { word: string }).word === 'committed')).toHaveLength(1);
    expect(await until(() => handled.includes('committed'))).toBe(true);
    expect(handled.filter((w) => w === 'committed')).toHaveLength(1);
    expect(handled).not.toContain('rolled-back');
  });

  it('retries a job whose worker died once its heartbeat is 10 s old, not at its 10-minute expiry', async () => {
    // A job a worker took and then died on (kill -9): active, started and last marked alive a minute ago. Kept
    // out of reach of this process's worker until it is made so (startAfter), so no live worker beats for it.
    const id = await database.db.transaction((tx) =>
      jobs.send(tx, beating, { word: 'orphaned' }, { startAfter: new Date(Date.now() + 3_600_000) }),
    );
    await database.db.execute(
      sql.raw(`update ${schema}.job set state = 'active', started_on = now() - interval '1 minute',
        heartbeat_on = now() - interval '1 minute' where id = '${id}'`),
    );
    // The monitor passes every 10 s (queue.ts), the retry waits 1–2 s, the worker polls every 2 s.
    for (let i = 0; i < 180 && !handled.includes('orphaned'); i++) await new Promise((r) => setTimeout(r, 250));
    expect(handled).toContain('orphaned');
    const job = (await jobs.find(beating)).find((j) => j.id === id);
    expect(job?.retryCount).toBe(1);
  }, 60_000);

  it('retries a failed job with backoff until it succeeds', async () => {
    await database.db.transaction((tx) => jobs.send(tx, echo, { word: 'flaky' }));
    expect(await until(() => handled.includes('flaky'))).toBe(true);
    const flaky = async () => (await jobs.find(echo)).find((j) => (j.data as { word: string }).word === 'flaky');
    // The handler has run; pg-boss records the completion right after it.
    expect(await until(async () => (await flaky())?.state === 'completed')).toBe(true);
    expect((await flaky())?.retryCount).toBe(1);
  });
});
