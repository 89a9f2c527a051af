import { googlePassStatusSchema, googleSaveLinkSchema, memberIdParamsSchema } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { notFound } from '../../../lib/errors';
import { routeRecipe } from '../../../lib/route-recipe';
import { findMemberRow } from '../../members';
import { createGoogleWalletService, type GoogleWalletService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    googleWallet: GoogleWalletService;
  }
}

const route = routeRecipe(['wallet'], [400, 401, 403, 404, 503]);

/** The Google Wallet service on the app, so the customer's card (modules/enrolment) offers the same link. */
export const googleWalletServicePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  app.decorate('googleWallet', createGoogleWalletService({ db: app.db, jobs: app.jobs, config: opts.config }));
});

/** Google Wallet (docs/design.md §8): a member's save link for staff, and the state of the member's object. */
export const googleWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const google = app.googleWallet;

  app.get(
    '/api/tenants/member/:id/passes/google',
    route.staff({
      summary: 'The member’s “Save to Google Wallet” link (RS256 JWT; class and object inline while it fits)',
      params: memberIdParamsSchema,
      response: { 200: googleSaveLinkSchema },
    }),
    async (request, reply) => {
      const saveUrl = await google.saveUrl(request.tenant.tenantId, request.params.id);
      return reply.header('cache-control', 'no-store').send({ saveUrl });
    },
  );

  app.get(
    '/api/tenants/member/:id/passes/google/status',
    route.staff({
      summary: 'The member’s Google Wallet object: link issued, inserted and confirmed by Google, last sync, error',
      params: memberIdParamsSchema,
      response: { 200: googlePassStatusSchema },
    }),
    async (request) => {
      const { tenantId } = request.tenant;
      if (!(await findMemberRow(app.db, tenantId, request.params.id))) throw notFound('Member not found');
      return google.status(tenantId, request.params.id);
    },
  );
};
