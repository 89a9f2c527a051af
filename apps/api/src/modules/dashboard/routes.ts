import { dashboardSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRecipe } from '../../lib/route-recipe';
import { dashboardFigures } from './repository';

const route = routeRecipe(['dashboard'], [401, 403]);

/** The dashboard's live figures of the caller's tenant; any active team user reads them. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    route.staff({
      summary: 'Team users, members, points issued and outstanding, liability, wallet cards, tier mix',
      response: { 200: dashboardSchema },
    }),
    async (request) => dashboardFigures(app.db, request.tenant.tenantId),
  );
};
