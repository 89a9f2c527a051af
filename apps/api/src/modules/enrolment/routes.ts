import {
  apiErrorSchema,
  BRANCH_MESSAGES,
  enrolmentSettingsInputSchema,
  enrolmentSettingsSchema,
  idParamSchema,
  LANGUAGES,
  PASS_SETTINGS_DEFAULTS,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { recordChangeOf } from '../../lib/audit';
import { foundOr404, notFound } from '../../lib/errors';
import { fileAnswer } from '../../lib/openapi-answers';
import { routeRecipe } from '../../lib/route-recipe';
import { ownBranchIds } from '../branches';
import { recordPosterDownload } from '../setup';
import { type PosterInput, posterJoinUrl, posterPdf, posterPng } from './poster';
import { enrolmentPublicRoutes } from './public-routes';
import { tenantFacts } from './repository';
import { readEnrolment, writeEnrolment } from './settings';

const route = routeRecipe(['enrolment'], [400, 401, 403, 404, 409]);
// `download=1`: a team user saves the poster (the setup checklist's poster step), not the screen's preview.
const posterQuerySchema = z.object({
  language: z.enum(LANGUAGES).optional(),
  download: z.literal('1').optional(),
  /** A branch's poster (docs/design.md §10): its QR opens /join/{slug}?branch={id}, joining sets the home branch. */
  branch: idParamSchema.optional(),
});
const binary = (type: string) => ({
  200: fileAnswer(type, 'The poster'),
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
});

/**
 * Customer enrolment (docs/design.md §8): the join page's settings and its printable poster for admins and owners
 * (staff get 403: the page, its link and its welcome points are the business's decisions), and the public
 * join and card calls the customer's browser makes.
 */
export const enrolmentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, opts) => {
  const { publicUrl } = opts.config;

  app.get(
    '/api/tenants/enrolment',
    route.admin({
      summary: 'The join page settings and its URL; derived defaults (off) until saved',
      response: { 200: enrolmentSettingsSchema },
    }),
    async (request) => readEnrolment(app.db, request.tenant.tenantId, publicUrl),
  );

  app.put(
    '/api/tenants/enrolment',
    route.admin({
      summary: 'Save the join page settings; 409 at slug when another business has the slug',
      body: enrolmentSettingsInputSchema,
      response: { 200: enrolmentSettingsSchema },
    }),
    async (request) =>
      writeEnrolment(app.db, request.tenant.tenantId, publicUrl, request.body, recordChangeOf(request)),
  );

  /** The poster's inputs: the saved or default join URL, names and colours, in the asked or owner's language. */
  const posterInput = async (
    tenantId: string,
    language?: PosterInput['language'],
    branch?: string,
  ): Promise<PosterInput> => {
    const [settings, facts, own] = await Promise.all([
      readEnrolment(app.db, tenantId, publicUrl),
      tenantFacts(app.db, tenantId),
      branch ? ownBranchIds(app.db, tenantId, [branch]) : undefined,
    ]);
    const found = foundOr404(facts, 'Business not found');
    // Another business's branch is not found, as everything of theirs.
    if (branch && !own?.has(branch)) throw notFound(BRANCH_MESSAGES.notFound);
    const joinUrl = posterJoinUrl(settings.joinUrl, branch);
    return {
      tenantId,
      storeName: found.storeName,
      logoUrl: found.logoUrl,
      joinUrl,
      language: language ?? found.ownerLanguage ?? 'en',
      backgroundColor: found.backgroundColor ?? PASS_SETTINGS_DEFAULTS.backgroundColor,
      foregroundColor: found.foregroundColor ?? PASS_SETTINGS_DEFAULTS.foregroundColor,
    };
  };

  app.get(
    '/api/tenants/enrolment/poster.png',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['enrolment'],
        summary: 'The printable poster (logo, store name, QR of the join URL) as a PNG, A4 at 150 dpi',
        querystring: posterQuerySchema,
        response: binary('image/png'),
      },
    },
    async (request, reply) => {
      const png = await posterPng(
        app.storage,
        await posterInput(request.tenant.tenantId, request.query.language, request.query.branch),
      );
      if (request.query.download) await recordPosterDownload(app.db, request.tenant.tenantId);
      return reply
        .type('image/png')
        .header('content-disposition', 'inline; filename="join-poster.png"')
        .header('cache-control', 'no-store')
        .send(png);
    },
  );

  app.get(
    '/api/tenants/enrolment/poster.pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['enrolment'],
        summary: 'The same poster on one A4 page as a PDF',
        querystring: posterQuerySchema,
        response: binary('application/pdf'),
      },
    },
    async (request, reply) => {
      const input = await posterInput(request.tenant.tenantId, request.query.language, request.query.branch);
      const pdf = await posterPdf(await posterPng(app.storage, input), input.storeName);
      await recordPosterDownload(app.db, request.tenant.tenantId);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="join-poster.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  await app.register(enrolmentPublicRoutes, { config: opts.config.enrolment, publicUrl });
};
