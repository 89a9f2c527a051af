import {
  cardConsentsBodySchema,
  cardConsentsSchema,
  memberDataExportSchema,
  slugParamsSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EnrolmentConfig } from '../../config';
import { recordChangeOn } from '../../lib/changes';
import { customerGuards } from '../enrolment';
import { eraseMemberAndAccount } from '../members';
import { memberExport, sendExport } from './export';
import { assertRecentSmsSignIn } from './recent-sign-in';
import { findMemberForExport, setMarketingConsent } from './repository';

/**
 * The customer's own data on the card page (docs/design.md §9): a copy of it, their marketing consent, and "Delete my
 * card". Each by the phone of the customer's sign-in token at this business, never a staff token.
 */
export const privacyPublicRoutes: FastifyPluginAsyncZod<{ config: EnrolmentConfig }> = async (app, opts) => {
  const { cardRoute } = customerGuards(app, opts.config);

  cardRoute(
    'GET',
    '/api/public/card/:slug/export',
    {
      summary: "Download my data: the customer's member, ledger, redemptions and consents at this business (JSON)",
      params: slugParamsSchema,
      response: { 200: memberDataExportSchema },
    },
    async (_request, reply, { tenantId, memberId }) =>
      sendExport(reply, await memberExport(app.db, tenantId, memberId)),
  );

  cardRoute(
    'GET',
    '/api/public/card/:slug/consents',
    {
      summary: "The customer's marketing consent at this business",
      params: slugParamsSchema,
      response: { 200: cardConsentsSchema },
    },
    async (_request, reply, { tenantId, memberId }) => {
      const found = await findMemberForExport(app.db, tenantId, memberId);
      reply.header('cache-control', 'no-store');
      return { marketingOptIn: found?.member.marketingOptIn ?? false };
    },
  );

  cardRoute(
    'PUT',
    '/api/public/card/:slug/consents',
    {
      summary:
        'Give or withdraw marketing consent: a member who withdrew it is never sent a message; each change is recorded',
      params: slugParamsSchema,
      body: cardConsentsBodySchema,
      response: { 200: cardConsentsSchema },
    },
    async (request, _reply, { tenantId, memberId }) => {
      const { marketingOptIn } = request.body;
      await app.db.transaction((tx) => setMarketingConsent(tx, tenantId, memberId, marketingOptIn, 'card'));
      return { marketingOptIn };
    },
  );

  cardRoute(
    'DELETE',
    '/api/public/card/:slug',
    {
      summary:
        'Delete my card, with a token from an SMS sign-in of the last 5 minutes: the person erased, the ledger kept without them',
      params: slugParamsSchema,
      response: { 204: z.null() },
    },
    async (request, reply, { tenantId, memberId }) => {
      assertRecentSmsSignIn(request);
      // The customer is the actor, named without the person (the member id is no one once the row is gone).
      const by = {
        actor: { type: 'member' as const, id: memberId, name: 'Customer (card page)' },
        ip: request.ip,
        requestId: request.id,
      };
      await eraseMemberAndAccount(
        { db: app.db, feed: app.changes, auth: app.firebase.auth, log: request.log },
        tenantId,
        memberId,
        recordChangeOn(app.changes, tenantId, by),
      );
      return reply.code(204).send(null);
    },
  );
};
