import { apiErrorSchema, idParamSchema, PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passSettings } from '../../db/schema';
import { fileAnswer } from '../../lib/openapi-answers';
import { stampStrip } from './strip';

/** `{stamps}-{total}.png`, as a Google object's hero image names it. */
const stripParamsSchema = z.object({
  tenantId: idParamSchema,
  file: z.string().regex(/^\d{1,2}-\d{1,2}\.png$/, 'Not a stamp strip'),
});

/** The path of a stamp card's strip image (the public route below), `colours` only to renew Google's copy. */
export const stripPath = (tenantId: string, stamps: number, total: number, colours: string) =>
  `/api/public/stamp-card/${encodeURIComponent(tenantId)}/${stamps}-${total}.png?c=${encodeURIComponent(colours)}`;

/**
 * The stamp card drawn in the business's pass colours, at a public address: Google fetches a loyalty object's hero
 * image itself (docs/design.md §10). It shows a count and colours, nothing of anyone; drawn once per design and count.
 */
export const stampStripRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/stamp-card/:tenantId/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stamp-card'],
        summary: "A stamp card's picture (`{stamps}-{total}.png`, 1125×369) in the business's pass colours",
        params: stripParamsSchema,
        response: { 200: fileAnswer('image/png', 'The stamp card drawn'), 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const [stamps, total] = request.params.file.replace('.png', '').split('-').map(Number) as [number, number];
      const [design] = await app.db
        .select({
          background: passSettings.backgroundColor,
          filled: passSettings.foregroundColor,
          empty: passSettings.labelColor,
        })
        .from(passSettings)
        .where(eq(passSettings.tenantId, request.params.tenantId));
      const colours = {
        background: design?.background ?? PASS_SETTINGS_DEFAULTS.backgroundColor,
        filled: design?.filled ?? PASS_SETTINGS_DEFAULTS.foregroundColor,
        empty: design?.empty ?? PASS_SETTINGS_DEFAULTS.labelColor,
      };
      const files = await stampStrip(colours, stamps, total);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(files['strip@3x.png'] as Buffer);
    },
  );
};
