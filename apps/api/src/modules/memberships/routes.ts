import {
  membershipBodySchema,
  membershipIdParamsSchema,
  membershipListQuerySchema,
  membershipPageSchema,
  membershipSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { pageAnswer, routeRecipe } from '../../lib/route-recipe';
import { createVersionedCache, sendTenantList } from '../../lib/versioned-cache';
import { listMemberships } from './repository';
import { getMembership, removeMembership, saveMembership } from './service';

const route = routeRecipe(['memberships'], [400, 401, 403, 404, 409]);

/** Membership tiers (spec data-screens Memberships; docs/design.md §4): staff read, admin and owner write. */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createVersionedCache<string>();
  app.get(
    '/api/memberships',
    route.staff({
      summary: 'A page of tiers, by sort order then name',
      querystring: membershipListQuerySchema,
      response: { 200: membershipPageSchema },
    }),
    async (request, reply) => {
      const { page, size } = request.query;
      const { tenantId } = request.tenant;
      // Served again until the tenant's list version moves (lib/versioned-cache.ts).
      const list = { db: app.db, tenantId, key: [page, size], schema: membershipPageSchema };
      return sendTenantList(reply, pages, list, async () => ({
        value: await pageAnswer(request.query, listMemberships(app.db, tenantId, page, size)),
      }));
    },
  );

  app.get(
    '/api/memberships/:id',
    route.staff({ summary: 'One tier', params: membershipIdParamsSchema, response: { 200: membershipSchema } }),
    async (request) => getMembership(app.db, request.tenant.tenantId, request.params.id),
  );

  route.create(
    app,
    '/api/memberships',
    { summary: 'Create a tier', body: membershipBodySchema, response: membershipSchema },
    (request) => saveMembership(app.db, app.changes, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );

  app.put(
    '/api/memberships/:id',
    route.admin({
      summary: 'Replace a tier',
      params: membershipIdParamsSchema,
      body: membershipBodySchema,
      response: { 200: membershipSchema },
    }),
    async (request) =>
      saveMembership(
        app.db,
        app.changes,
        request.tenant.tenantId,
        request.body,
        recordChangeOf(request),
        request.params.id,
      ),
  );

  route.remove(
    app,
    '/api/memberships/:id',
    { summary: 'Delete a tier no member holds', params: membershipIdParamsSchema },
    (request) =>
      removeMembership(app.db, app.changes, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );
};
