import { memberDataExportSchema, memberIdParamsSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRecipe } from '../../lib/route-recipe';
import { memberExport, sendExport } from './export';

const route = routeRecipe(['members'], [400, 401, 403, 404]);

/**
 * A member's data for a customer who asks at the counter (admin or owner). Erasing them is the members' own
 * DELETE /api/tenants/member/{id}, which is this module's erasure.
 */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/member/:id/export',
    route.admin({
      summary: "A member's data as the customer's own download: member, ledger, redemptions, consents (JSON)",
      params: memberIdParamsSchema,
      response: { 200: memberDataExportSchema },
    }),
    async (request, reply) => sendExport(reply, await memberExport(app.db, request.tenant.tenantId, request.params.id)),
  );
};
