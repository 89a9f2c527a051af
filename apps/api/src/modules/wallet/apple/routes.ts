import { apiErrorSchema, memberIdParamsSchema, memberPassStatusSchema } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { notFound } from '../../../lib/errors';
import { fileAnswer } from '../../../lib/openapi-answers';
import { findMemberRow } from '../../members';
import { PKPASS_TYPE, passkitRoutes } from './passkit-routes';
import { passStatus } from './repository';
import { createWalletService, type WalletService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/**
 * The wallet service on the app itself (not inside the routes' scope), so other features can hand out a pass
 * by the same builder: the customer's card page opens its pass through it (modules/enrolment).
 */
export const walletServicePlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const wallet = createWalletService({ db: app.db, storage: app.storage, jobs: app.jobs, config: opts.config });
  app.decorate('wallet', wallet);
  app.addHook('onClose', async () => wallet.close());
});

/** Apple Wallet (docs/design.md §8): a member's pass for staff, and Apple's web service for the devices holding one. */
export const walletRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  const { wallet } = app;

  app.get(
    '/api/tenants/member/:id/passes/apple',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['wallet'],
        summary: "The member's Apple Wallet pass (.pkpass), signed, with a new authentication token",
        params: memberIdParamsSchema,
        response: {
          200: fileAnswer(PKPASS_TYPE, 'The signed pass'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const pass = await wallet.issue(request.tenant.tenantId, request.params.id);
      return reply
        .type(PKPASS_TYPE)
        .header('content-disposition', `attachment; filename="${pass.membershipCode.replace(/[^\w-]/g, '')}.pkpass"`)
        .header('cache-control', 'no-store')
        .header('last-modified', pass.updatedAt.toUTCString())
        .send(pass.pkpass);
    },
  );

  app.get(
    '/api/tenants/member/:id/passes/apple/status',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['wallet'],
        summary: "The member's pass: issued or not, last change, last push accepted by APNs, devices holding it",
        params: memberIdParamsSchema,
        response: {
          200: memberPassStatusSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { tenantId } = request.tenant;
      if (!(await findMemberRow(app.db, tenantId, request.params.id))) throw notFound('Member not found');
      return passStatus(app.db, tenantId, request.params.id);
    },
  );

  await app.register(passkitRoutes, { wallet, ratePerMinute: opts.config.wallet.ratePerMinute });
};
