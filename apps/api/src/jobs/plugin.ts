import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createJobQueue, type JobQueue } from './queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: features `define` their jobs while registering and `send` in their transactions. */
    jobs: JobQueue;
  }
}

/**
 * The queue is started by the server once migrations have run (`app.jobs.start()`, after every feature has
 * defined its jobs), and by the tests that need it; an app that never starts it can never enqueue (send
 * throws rather than waits). It stops before the database closes (preClose runs ahead of every onClose
 * hook), waiting a little for running handlers.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const jobs = createJobQueue({
    database: app.database,
    databaseUrl: opts.config.databaseUrl,
    schema: opts.config.jobQueueSchema,
    log: app.log,
  });
  app.decorate('jobs', jobs);
  app.addHook('preClose', () => jobs.stop());
});
