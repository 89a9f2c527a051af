import { auditActorsSchema, auditPageSchema, auditQuerySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRecipe } from '../../lib/route-recipe';
import { listAuditActors, listAuditEvents } from './repository';

const route = routeRecipe(['audit'], [400, 401, 403]);

/** The audit trail (docs/design.md §8): read only; events are appended by the writes themselves (lib/audit.ts). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  route.page(
    app,
    '/api/tenants/audit',
    {
      access: 'admin',
      summary: 'The audit trail of the tenant, newest first: filter by actor id, action and a [from, to) time range',
      querystring: auditQuerySchema,
      response: auditPageSchema,
    },
    listAuditEvents,
  );

  route.list(
    app,
    '/api/tenants/audit/actors',
    {
      access: 'admin',
      summary: 'Everyone (accounts and keys) who appears in the audit trail, for the person filter',
      response: auditActorsSchema,
    },
    listAuditActors,
  );
};
