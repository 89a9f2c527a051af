import { userInfo } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { fromDrizzle, fromPglite, type JobResult, PgBoss, type QueueOptions } from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * A kind of job: its queue name, how it is retried and how long one run may take, and the handler. Handlers
 * run at least once (a stop, a crash or an expiry can run a job again), so each must be idempotent.
 */
type JobDefinition<T extends object> = {
  name: string;
  /** Longest a run may take before the job is given to another worker (a killed worker holds it that long). */
  expireInSeconds: number;
  /**
   * When set (10 or more), the worker marks the job alive every half of this, and a job not marked for this long
   * is failed by the next monitor pass (every 10 s) and retried: a killed worker holds it at most this plus the
   * pass, not its whole expiry (pg-boss `heartbeatSeconds`; docs/capacity.md). The handler is told through its
   * signal when its run was given away, and must stop starting new work then.
   */
  heartbeatSeconds?: number;
  retryLimit: number;
  /** First retry delay in seconds; doubled each retry (with jitter) up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** How many jobs of a batch run at once (default 1): more for handlers that mostly wait on the network. */
  concurrency?: number;
  /** Workers fetching batches side by side (default 1), so one slow batch does not hold up the next. */
  workers?: number;
  /**
   * A cron expression (UTC) on which pg-boss sends this job by itself: its scheduler sends one job per occurrence
   * however many instances run it. The handler must still do its work once when two such jobs overlap.
   */
  cron?: string;
  handle(data: T, context: { id: string; retryCount: number; signal: AbortSignal }): Promise<void>;
};

export const defineJob = <T extends object>(definition: JobDefinition<T>) => definition;

/** A Drizzle transaction (or the database): what `send` enqueues through, so a rollback takes the job away too. */
type Executor = { execute(query: ReturnType<typeof sql>): Promise<unknown> };

type SendOptions = { startAfter?: Date; singletonKey?: string };

export type JobQueue = ReturnType<typeof createJobQueue>;

/**
 * The one durable job queue (docs/design.md §8): pg-boss on the app's own database, PGlite through its own adapter or
 * PostgreSQL through a small pool. Every queue is created at start, before anything can enqueue: pg-boss looks
 * an unknown queue up on its own connection, which on PGlite waits forever behind the open transaction.
 */
export function createJobQueue(opts: {
  database: DatabaseHandle;
  databaseUrl?: string;
  schema: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}) {
  const definitions = new Map<string, JobDefinition<object>>();
  let boss: PgBoss | undefined;
  let started: Promise<void> | undefined;

  function build(): PgBoss {
    const common = {
      schema: opts.schema,
      useListenNotify: true,
      // pg-boss's scheduler polls only when some job runs on a cron (the tier review, the points sweep).
      schedule: [...definitions.values()].some((d) => d.cron !== undefined),
      application_name: 'loyalty-portal-jobs',
      // How soon a job whose worker died (kill -9) is found past its expireInSeconds and retried: every 10 s
      // rather than pg-boss's minute, so a short job such as a push is not held long.
      superviseIntervalSeconds: 10,
      monitorIntervalSeconds: 10,
    };
    if (opts.database.engine === 'postgres') {
      // Its own small pool (count it in max_connections): 3 for queries plus the LISTEN connection.
      // node-postgres, unlike postgres.js, does not fall back to the OS user when the URL names none.
      const url = new URL(opts.databaseUrl as string);
      if (!url.username) url.username = userInfo().username;
      return new PgBoss({ ...common, connectionString: url.toString(), max: 3 });
    }
    if (!opts.database.pglite) throw new Error('the PGlite handle is needed for the job queue');
    return new PgBoss({ ...common, backend: 'pglite', db: fromPglite(opts.database.pglite) });
  }

  async function run<T extends object>(
    definition: JobDefinition<T>,
    jobs: { id: string; data: T; retryCount: number; signal: AbortSignal }[],
  ) {
    const results: JobResult[] = [];
    const one = async (job: (typeof jobs)[number]) => {
      try {
        await definition.handle(job.data, job);
        results.push({ id: job.id, status: 'completed' });
      } catch (error) {
        opts.log.warn({ err: error, job: definition.name, id: job.id, retry: job.retryCount }, 'job failed');
        const message = error instanceof Error ? error.message : String(error);
        results.push({ id: job.id, status: 'failed', output: { message } });
      }
    };
    // One at a time within a batch by default: a batch is one worker's share, and most handlers work in bulk.
    const width = definition.concurrency ?? 1;
    for (let i = 0; i < jobs.length; i += width) await Promise.all(jobs.slice(i, i + width).map(one));
    return results;
  }

  async function doStart() {
    boss = build();
    boss.on('error', (error) => opts.log.error({ err: error }, 'job queue error'));
    await boss.start();
    for (const definition of definitions.values()) {
      const queue: QueueOptions & { notify: boolean } = {
        notify: true,
        expireInSeconds: definition.expireInSeconds,
        ...(definition.heartbeatSeconds ? { heartbeatSeconds: definition.heartbeatSeconds } : {}),
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelay,
        retryBackoff: true,
        retryDelayMax: definition.retryDelayMax,
      };
      await boss.createQueue(definition.name, queue);
      await boss.updateQueue(definition.name, queue);
      if (definition.cron) await boss.schedule(definition.name, definition.cron, {});
    }
    for (const definition of definitions.values()) {
      await boss.work<object>(
        definition.name,
        // NOTIFY wakes a worker for a new job at once; retries and delayed jobs are only found by polling.
        {
          batchSize: 100,
          perJobResults: true,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 2,
          localConcurrency: definition.workers ?? 1,
        },
        (jobs) => run(definition, jobs),
      );
    }
  }

  return {
    /** Registers a kind of job; only before start. */
    define<T extends object>(definition: JobDefinition<T>): void {
      if (started) throw new Error(`job ${definition.name} defined after the queue started`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    start(): Promise<void> {
      started ??= doStart();
      return started;
    },
    /**
     * Enqueues a job in `tx`, the transaction of the change it reports: committed together or not at all.
     * Data is JSON; keep it to ids, and let the handler read the rest when it runs.
     */
    async send<T extends object>(tx: Executor, job: JobDefinition<T>, data: T, options: SendOptions = {}) {
      if (!boss || !definitions.has(job.name)) throw new Error(`job queue not started or ${job.name} not defined`);
      await started;
      return boss.send(job.name, data, {
        db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      });
    },
    /** Enqueues several jobs of one kind in `tx` with one statement (a fan-out: one per webhook endpoint). */
    async sendMany<T extends object>(tx: Executor, job: JobDefinition<T>, data: T[]) {
      if (!boss || !definitions.has(job.name)) throw new Error(`job queue not started or ${job.name} not defined`);
      if (data.length === 0) return;
      await started;
      await boss.insert(
        job.name,
        data.map((d) => ({ data: d })),
        {
          db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql as unknown as Parameters<typeof fromDrizzle>[1]),
        },
      );
    },
    /** Jobs of a queue as pg-boss keeps them (state, retries, last output): for tests and the admin. */
    find(job: JobDefinition<object> | { name: string }) {
      if (!boss) throw new Error('job queue not started');
      return boss.findJobs(job.name);
    },
    /** Waits for running handlers up to `timeoutMs`; a job cut off runs again later (handlers are idempotent). */
    async stop(timeoutMs = 5000) {
      if (!started) return;
      await started.catch(() => {});
      await boss?.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
  };
}
