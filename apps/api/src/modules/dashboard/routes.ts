import { apiErrorSchema, dashboardSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardFigures } from './repository';

/** The dashboard's live figures of the caller's tenant; any active team user reads them. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['dashboard'],
        summary: 'Team users, members, points issued and outstanding, liability, wallet cards, tier mix',
        response: { 200: dashboardSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => dashboardFigures(app.db, request.tenant.tenantId),
  );
};
