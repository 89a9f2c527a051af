import { apiKeyParamsSchema, apiKeysListSchema, createApiKeySchema, createdApiKeySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { createApiKey } from './keys';
import { listApiKeys, revokeApiKey } from './repository';

const route = routeRecipe(['api keys'], [400, 401, 403, 404]);

/** API keys (docs/design.md §8): admin and owner make, list and revoke them; no key can reach these routes. */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  route.create(
    app,
    '/api/tenants/api-keys',
    {
      summary: 'Create an API key; the answer is the only time the whole key (`lpk_<id>_<secret>`) is shown',
      body: createApiKeySchema,
      response: createdApiKeySchema,
    },
    (request) => createApiKey(app.db, request.tenant, request.body, recordChangeOf(request)),
  );

  route.list(
    app,
    '/api/tenants/api-keys',
    { access: 'admin', summary: 'The working API keys, newest first', response: apiKeysListSchema },
    listApiKeys,
  );

  route.remove(
    app,
    '/api/tenants/api-keys/:id',
    { summary: 'Revoke an API key: 401 from then on', params: apiKeyParamsSchema },
    async (request) => {
      if (!(await revokeApiKey(app.db, request.tenant.tenantId, request.params.id, recordChangeOf(request))))
        throw notFound('API key not found');
      app.apiKeys.forget();
    },
  );
};
