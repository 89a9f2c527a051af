import { apiErrorSchema, firebaseConfigSchema, healthSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { routeRecipe } from '../../lib/route-recipe';

const health = routeRecipe(['health'], []);
const open = routeRecipe(['public'], []);

export const healthRoutes: FastifyPluginAsyncZod<{ config: Config; database: DatabaseHandle }> = async (app, opts) => {
  app.get('/api/health', health.public({ summary: 'The server is up', response: { 200: healthSchema } }), async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/api/ready',
    health.public({
      summary: 'The server can serve: its database answers; 503 while it does not',
      response: { 200: healthSchema, 503: apiErrorSchema },
    }),
    async (_request, reply) => {
      if (await opts.database.ping()) return { status: 'ok' as const };
      return reply.code(503).send({ status: 503, error: 'NOT_READY', message: 'Database unreachable' });
    },
  );

  app.get(
    '/api/public/firebase-config',
    open.public({
      summary: "The identity provider's client configuration the web app signs in with",
      response: { 200: firebaseConfigSchema },
    }),
    async () => {
      const { projectId, emulatorHost, web } = opts.config.firebase;
      return { ...web, projectId, ...(emulatorHost ? { emulatorHost } : {}) };
    },
  );
};
