import { setupBodySchema, setupSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { readSetup, setSetupDismissed } from './repository';

const route = routeRecipe(['setup'], [400, 401, 403, 404]);

/** The dashboard's setup checklist: owners and admins set the business up, so staff get 403. */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/setup',
    route.admin({
      summary: 'The setup checklist: each step done or not, and whether it was dismissed',
      response: { 200: setupSchema },
    }),
    async (request) => foundOr404(await readSetup(app.db, request.tenant.tenantId), 'Business not found'),
  );

  app.put(
    '/api/tenants/setup',
    route.admin({
      summary: 'Dismiss the setup checklist, or show it again',
      body: setupBodySchema,
      response: { 200: setupSchema },
    }),
    async (request) => {
      await setSetupDismissed(app.db, request.tenant.tenantId, request.body.dismissed);
      return foundOr404(await readSetup(app.db, request.tenant.tenantId), 'Business not found');
    },
  );
};
