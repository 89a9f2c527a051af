import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, engine } from '../helpers';

/** An app with its job queue running (a schema of its own, as the wallet tests do) and quick retries. */
export async function webhookTestApp(overrides: Record<string, string> = {}) {
  const app = await buildTestApp({
    JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    ...overrides,
  });
  await app.jobs.start();
  return app;
}

export function webhooksApi(app: FastifyInstance) {
  return {
    create: (token: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/tenants/webhooks', headers: bearer(token), payload }),
    list: (token: string) => app.inject({ url: '/api/tenants/webhooks', headers: bearer(token) }),
    get: (token: string, id: string) => app.inject({ url: `/api/tenants/webhooks/${id}`, headers: bearer(token) }),
    update: (token: string, id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tenants/webhooks/${id}`, headers: bearer(token), payload }),
    remove: (token: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/webhooks/${id}`, headers: bearer(token) }),
    deliveries: (token: string, id: string) =>
      app.inject({ url: `/api/tenants/webhooks/${id}/deliveries`, headers: bearer(token) }),
    retry: (token: string, id: string, deliveryId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/webhooks/${id}/deliveries/${deliveryId}/retry`,
        headers: bearer(token),
      }),
  };
}
