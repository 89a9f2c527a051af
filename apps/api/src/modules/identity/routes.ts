import { apiErrorSchema, memberIdentitySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membershipBlock, resolveMembership } from '../../plugins/tenant';

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/members/me',
    {
      config: { access: 'account' },
      schema: {
        tags: ['identity'],
        summary: 'Member identity of the caller: whether the workspace may open',
        response: { 200: memberIdentitySchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const membership = await resolveMembership(app, request);
      const block = membershipBlock(membership);
      if (block) throw block;
      return {
        tenantId: membership.tenantId,
        userId: membership.accountId,
        status: 'OK' as const,
        role: membership.role,
      };
    },
  );
};
