import {
  apiErrorSchema,
  membershipBodySchema,
  membershipIdParamsSchema,
  membershipListQuerySchema,
  membershipPageSchema,
  membershipSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toPage } from '../../lib/page';
import { createVersionedCache, sendTenantList } from '../../lib/versioned-cache';
import { listMemberships } from './repository';
import { getMembership, removeMembership, saveMembership } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Membership tiers (spec data-screens Memberships; DESIGN §4): staff read, admin and owner write. */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createVersionedCache<string>();
  app.get(
    '/api/memberships',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['memberships'],
        summary: 'A page of tiers, by sort order then name',
        querystring: membershipListQuerySchema,
        response: { 200: membershipPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { page, size } = request.query;
      const { tenantId } = request.tenant;
      // Served again until the tenant's list version moves (lib/versioned-cache.ts).
      const list = { db: app.db, tenantId, key: [page, size], schema: membershipPageSchema };
      return sendTenantList(reply, pages, list, async () => {
        const { content, total } = await listMemberships(app.db, tenantId, page, size);
        return { value: toPage(content, total, page, size) };
      });
    },
  );

  app.get(
    '/api/memberships/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['memberships'],
        summary: 'One tier',
        params: membershipIdParamsSchema,
        response: { 200: membershipSchema, ...errors },
      },
    },
    async (request) => getMembership(app.db, request.tenant.tenantId, request.params.id),
  );

  app.post(
    '/api/memberships',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['memberships'],
        summary: 'Create a tier',
        body: membershipBodySchema,
        response: { 201: membershipSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tier = await saveMembership(app.db, request.tenant.tenantId, request.body);
      return reply.code(201).send(tier);
    },
  );

  app.put(
    '/api/memberships/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['memberships'],
        summary: 'Replace a tier',
        params: membershipIdParamsSchema,
        body: membershipBodySchema,
        response: { 200: membershipSchema, ...errors },
      },
    },
    async (request) => saveMembership(app.db, request.tenant.tenantId, request.body, request.params.id),
  );

  app.delete(
    '/api/memberships/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['memberships'],
        summary: 'Delete a tier no member holds',
        params: membershipIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMembership(app.db, request.tenant.tenantId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
