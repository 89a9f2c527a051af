import {
  apiErrorSchema,
  createUserSchema,
  tenantUserSchema,
  tenantUsersPageSchema,
  updateUserSchema,
  userIdParamsSchema,
  usersQuerySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toPage } from '../../lib/page';
import { listTenantUsers } from './repository';
import { createTenantUser, deleteUser, updateUser } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** Team users of the caller's tenant (DESIGN §4): staff read, admin and owner write. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/users',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['users'],
        summary: 'Team users of the tenant, paged, sorted and filtered on the server',
        querystring: usersQuerySchema,
        response: { 200: tenantUsersPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await listTenantUsers(app.db, request.tenant.tenantId, request.query);
      return toPage(rows, total, page, size);
    },
  );

  app.post(
    '/api/tenants/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Add a team user: a new Firebase account, or an existing account whose e-mail is verified',
        body: createUserSchema,
        response: { 201: tenantUserSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createTenantUser(app, request.tenant, request.body);
      return reply.code(201).send(row);
    },
  );

  app.put(
    '/api/tenants/users/:userId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Edit a team user (never the owner); sign-in details only for an account no other tenant holds',
        params: userIdParamsSchema,
        body: updateUserSchema,
        response: { 200: tenantUserSchema, ...errors },
      },
    },
    async (request) => updateUser(app, request.tenant, request.params.userId, request.body),
  );

  app.delete(
    '/api/tenants/users/:userId/permanent',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Remove a team user (never the owner nor oneself); an account left in no tenant is deleted',
        params: userIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(app, request.tenant, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
