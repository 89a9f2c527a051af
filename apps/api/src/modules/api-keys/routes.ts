import { apiKeyParamsSchema, apiKeysListSchema, createApiKeySchema, createdApiKeySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trailOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { created, deleted, routeRecipe } from '../../lib/route-recipe';
import { newApiKey } from './keys';
import { insertApiKey, listApiKeys, revokeApiKey } from './repository';

const route = routeRecipe(['api keys'], [400, 401, 403, 404]);

/** API keys (docs/design.md §8): admin and owner make, list and revoke them; no key can reach these routes. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tenants/api-keys',
    route.admin({
      summary: 'Create an API key; the answer is the only time the whole key (`lpk_<id>_<secret>`) is shown',
      body: createApiKeySchema,
      response: { 201: createdApiKeySchema },
    }),
    async (request, reply) => {
      const { id, key, secretHash } = newApiKey();
      const { tenantId, accountId } = request.tenant;
      const made = insertApiKey(
        app.db,
        tenantId,
        { id, secretHash, createdBy: accountId, ...request.body },
        trailOf(request),
      );
      return created(
        reply,
        made.then((row) => ({ ...row, key })),
      );
    },
  );

  app.get(
    '/api/tenants/api-keys',
    route.admin({ summary: 'The working API keys, newest first', response: { 200: apiKeysListSchema } }),
    async (request) => listApiKeys(app.db, request.tenant.tenantId),
  );

  app.delete(
    '/api/tenants/api-keys/:id',
    route.admin({
      summary: 'Revoke an API key: 401 from then on',
      params: apiKeyParamsSchema,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      const revoke = async () => {
        if (!(await revokeApiKey(app.db, request.tenant.tenantId, request.params.id, trailOf(request))))
          throw notFound('API key not found');
        app.apiKeys.forget();
      };
      return deleted(reply, revoke());
    },
  );
};
