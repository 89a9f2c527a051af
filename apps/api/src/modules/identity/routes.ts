import { memberIdentitySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRecipe } from '../../lib/route-recipe';
import { membershipBlock, resolveMembership } from '../../plugins/tenant';
import { recorderBranchIds } from '../branches';

const route = routeRecipe(['identity'], [403]);

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/me',
    route.account({
      summary: 'Member identity of the caller: whether the workspace may open',
      response: { 200: memberIdentitySchema },
    }),
    async (request) => {
      const membership = await resolveMembership(app, request);
      const block = membershipBlock(membership);
      if (block) throw block;
      return {
        tenantId: membership.tenantId,
        userId: membership.accountId,
        status: 'OK' as const,
        role: membership.role,
        branchIds: await recorderBranchIds(app.db, membership.tenantId, membership.accountId, membership.role),
      };
    },
  );
};
