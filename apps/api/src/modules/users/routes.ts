import {
  createUserSchema,
  tenantUserSchema,
  tenantUsersPageSchema,
  updateUserSchema,
  userIdParamsSchema,
  usersQuerySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { listTenantUsers } from './repository';
import { createTenantUser, deleteUser, updateUser } from './service';

const route = routeRecipe(['users'], [400, 401, 403, 404, 409]);

/** Team users of the caller's tenant (docs/design.md §4): staff read, admin and owner write. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  route.page(
    app,
    '/api/tenants/users',
    {
      access: 'staff',
      summary: 'Team users of the tenant, paged, sorted and filtered on the server',
      querystring: usersQuerySchema,
      response: tenantUsersPageSchema,
    },
    listTenantUsers,
  );

  route.create(
    app,
    '/api/tenants/users',
    {
      summary: 'Add a team user: a new Firebase account, or an existing account whose e-mail is verified',
      body: createUserSchema,
      response: tenantUserSchema,
    },
    (request) => createTenantUser(app, request.tenant, request.body, recordChangeOf(request)),
  );

  app.put(
    '/api/tenants/users/:userId',
    route.admin({
      summary: 'Edit a team user (never the owner); sign-in details only for an account no other tenant holds',
      params: userIdParamsSchema,
      body: updateUserSchema,
      response: { 200: tenantUserSchema },
    }),
    async (request) => updateUser(app, request.tenant, request.params.userId, request.body, recordChangeOf(request)),
  );

  route.remove(
    app,
    '/api/tenants/users/:userId/permanent',
    {
      summary: 'Remove a team user (never the owner nor oneself); an account left in no tenant is deleted',
      params: userIdParamsSchema,
    },
    (request) => deleteUser(app, request.tenant, request.params.userId, recordChangeOf(request)),
  );
};
