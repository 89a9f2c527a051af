import {
  apiErrorSchema,
  cardRewardParamsSchema,
  claimAnswerSchema,
  ENROLMENT_MESSAGES,
  joinAnswerSchema,
  joinBodySchema,
  publicCardSchema,
  publicJoinInfoSchema,
  slugParamsSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EnrolmentConfig } from '../../config';
import { badRequest, notFound } from '../../lib/errors';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { streamChanges } from '../live';
import { findMemberRowByPhone } from '../members';
import { claimReward } from '../rewards';
import { PKPASS_TYPE } from '../wallet';
import { createCardLinks } from './card-links';
import { card, join, joinInfo } from './customer';
import { customerGuards } from './customer-guards';
import { expiredLinkPage, wantsHtml } from './expired-link-page';
import { findJoinPage } from './repository';

const passQuerySchema = z.object({
  m: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  exp: z.coerce.number().int(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
});

/**
 * The customer's side (docs/design.md §8): the join page's facts, joining with a phone sign-in token, the card, and
 * its pass by a signed link. No staff token anywhere: the customer's Firebase user is checked for this call
 * and never becomes an account of ours. Rate limited per address and per business before anything is read,
 * and per phone once the token is verified; until then the answer cannot depend on any phone.
 */
export const enrolmentPublicRoutes: FastifyPluginAsyncZod<{ config: EnrolmentConfig; publicUrl: string }> = async (
  app,
  opts,
) => {
  const { config } = opts;
  const links = createCardLinks(config.linkSecret, opts.publicUrl);
  const { guarded, verifiedPhone, anyPage, customerRoute, cardRoute } = customerGuards(app, config);

  const openPage = async (slug: string) => {
    const page = await findJoinPage(app.db, slug);
    if (!page?.enabled) throw notFound(ENROLMENT_MESSAGES.notFound);
    return page;
  };

  app.get(
    '/api/public/join/:slug',
    customerRoute({
      summary: 'The join page of a business: its branding and what the form asks; 404 unknown or closed',
      params: slugParamsSchema,
      response: { 200: publicJoinInfoSchema },
    }),
    async (request) => joinInfo(await openPage(request.params.slug)),
  );

  app.post(
    '/api/public/join/:slug',
    customerRoute({
      summary:
        'Join with a Firebase phone sign-in token (the phone comes from the token only): 201 new member with the welcome points, 200 already a member',
      params: slugParamsSchema,
      body: joinBodySchema,
      response: { 200: joinAnswerSchema, 201: joinAnswerSchema },
    }),
    async (request, reply) => {
      const page = await openPage(request.params.slug);
      // There are terms to accept only when the business gave a link to them.
      if (page.termsUrl && !request.body.acceptTerms) throw badRequest({ acceptTerms: ENROLMENT_MESSAGES.acceptTerms });
      const phone = await verifiedPhone(request, reply);
      const { created, answer } = await join(app.db, app, page, phone, request.body);
      return reply.code(created ? 201 : 200).send(answer);
    },
  );

  app.get(
    '/api/public/card/:slug',
    customerRoute({
      summary: "The customer's own card at this business, by the phone of their sign-in token; 404 no member",
      params: slugParamsSchema,
      response: { 200: publicCardSchema },
    }),
    async (request, reply) => {
      // The card stays readable when the join page is closed: closing it stops new members, not cards.
      const page = await anyPage(request);
      const phone = await verifiedPhone(request, reply);
      reply.header('cache-control', 'no-store');
      return card(app.db, links, page, phone, app.googleWallet.saveUrl);
    },
  );

  cardRoute(
    'POST',
    '/api/public/card/:slug/rewards/:rewardId/claim',
    {
      summary:
        'Claim a reward on the phone: a single-use code valid 10 minutes that staff redeem at the counter; it reserves nothing',
      params: cardRewardParamsSchema,
      response: { 201: claimAnswerSchema, 409: apiErrorSchema },
    },
    async (request, reply, { tenantId, member: row }) => {
      const member = { id: row.userId, tierId: row.tierId, spendable: row.pointsBalance };
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await claimReward(app.db, tenantId, member, request.params.rewardId));
    },
  );

  cardRoute(
    'GET',
    '/api/public/card/:slug/events',
    {
      summary:
        "Server-sent events for the customer's own card: `change` each time the member's points, tier, card, claim codes or latest message change, or a reward of the business does, so the open card page reads it again. At most 5 open per phone across businesses (429 `TOO_MANY_STREAMS`) and half of the server's streams per business (503 `LIVE_FULL`), both with Retry-After; the stream ends when the card is erased",
      params: slugParamsSchema,
      response: {
        200: fileAnswer(MEDIA.events, 'An event stream that stays open'),
        429: apiErrorSchema,
        503: apiErrorSchema,
      },
    },
    async (request, reply, { tenantId, memberId, phone }) => {
      // Read again once the stream listens: an erasure committed since the read above ends no stream it missed.
      const stillAllowed = async () => {
        const member = await findMemberRowByPhone(app.db, tenantId, phone);
        if (member?.userId !== memberId) throw notFound(ENROLMENT_MESSAGES.notMember);
      };
      return streamChanges(app.live, request, reply, { tenantId, memberId, phone }, stillAllowed);
    },
  );

  app.get(
    '/api/public/card/:slug/pass.pkpass',
    {
      config: { access: 'public' },
      onRequest: guarded,
      schema: {
        tags: ['public'],
        summary: "The member's Apple Wallet pass by the card page's signed link (10 minutes), no token",
        params: slugParamsSchema,
        querystring: passQuerySchema,
        response: {
          200: fileAnswer(PKPASS_TYPE, 'The signed pass'),
          400: apiErrorSchema,
          404: {
            description:
              'An expired, altered or unknown link: the JSON error, or for a browser (Accept: text/html) a page in its language leading back to the card',
            content: {
              'application/json': { schema: apiErrorSchema },
              'text/html': fileAnswer(MEDIA.html, 'The page').content['text/html'],
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { m, exp, sig } = request.query;
      // A wrong, altered or expired link is the same 404 as an unknown page: nothing to learn from it. A browser
      // that navigated here gets a page in its language with the way back to the card; API clients, the JSON.
      const valid = links.verify(slug, m, exp, sig);
      const page = valid ? await findJoinPage(app.db, slug) : undefined;
      if (!page) {
        if (wantsHtml(request)) {
          return reply
            .code(404)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('vary', 'accept, accept-language')
            .send(expiredLinkPage(request, slug));
        }
        throw notFound(valid ? ENROLMENT_MESSAGES.notFound : 'This link has expired: open your card again');
      }
      const pass = await app.wallet.issue(page.tenantId, m);
      return reply
        .type(PKPASS_TYPE)
        .header('content-disposition', `attachment; filename="${pass.membershipCode.replace(/[^\w-]/g, '')}.pkpass"`)
        .header('cache-control', 'no-store')
        .send(pass.pkpass);
    },
  );
};
