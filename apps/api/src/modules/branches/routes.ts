import { branchBodySchema, branchIdParamsSchema, branchListSchema, branchSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { listBranches } from './repository';
import { getBranch, removeBranch, saveBranch } from './service';

const route = routeRecipe(['branches'], [400, 401, 403, 404, 409]);

/** A business's shops (docs/design.md §10 "Branches"): every role reads, admin and owner write. */
export const branchesRoutes: FastifyPluginAsyncZod = async (app) => {
  route.list(
    app,
    '/api/tenants/branches',
    { access: 'staff', summary: 'Every branch of the business, oldest first', response: branchListSchema },
    listBranches,
  );
  app.get(
    '/api/tenants/branches/:id',
    route.staff({ summary: 'One branch', params: branchIdParamsSchema, response: { 200: branchSchema } }),
    async (request) => getBranch(app.db, request.tenant.tenantId, request.params.id),
  );
  route.create(
    app,
    '/api/tenants/branches',
    {
      summary: 'Add a branch (at most 50: 409 TOO_MANY_BRANCHES); the passes show it near its coordinates',
      body: branchBodySchema,
      response: branchSchema,
    },
    (request) => saveBranch(app.db, app.changes, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );
  app.put(
    '/api/tenants/branches/:id',
    route.admin({
      summary: 'Replace a branch; deactivate one that entries name instead of deleting it',
      params: branchIdParamsSchema,
      body: branchBodySchema,
      response: { 200: branchSchema },
    }),
    async (request) =>
      saveBranch(
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
    '/api/tenants/branches/:id',
    { summary: 'Delete a branch no entry names (409 BRANCH_IN_USE: deactivate it)', params: branchIdParamsSchema },
    (request) => removeBranch(app.db, app.changes, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );
};
