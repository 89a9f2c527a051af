import { businessProfileBodySchema, businessProfileSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trailOf } from '../../lib/audit';
import { foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { getBusinessProfile, saveBusinessProfile } from './profile';

const route = routeRecipe(['business'], [400, 401, 403, 404]);

/** The business's profile: every team user reads it, admins and the owner change it. */
export const businessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/business',
    route.staff({
      summary: "The business's country, time zone and language",
      response: { 200: businessProfileSchema },
    }),
    async (request) => foundOr404(await getBusinessProfile(app.db, request.tenant.tenantId), 'No such business'),
  );

  app.put(
    '/api/tenants/business',
    route.admin({
      summary: "Change the business's country, time zone and language",
      body: businessProfileBodySchema,
      response: { 200: businessProfileSchema },
    }),
    async (request) =>
      saveBusinessProfile(app.db, request.tenant.tenantId, request.body, trailOf(request), app.changes),
  );
};
