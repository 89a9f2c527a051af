import { apiErrorSchema, pointsConversionBodySchema, pointsConversionSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { findPointsConversion, savePointsConversion } from './repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Earn and redeem rules of the tenant (spec data-screens §3; DESIGN §4): staff read, admin and owner write. */
export const pointsConversionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/points-conversion',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['settings'],
        summary: 'Points conversion settings of the tenant; 404 when none are saved',
        response: { 200: pointsConversionSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await findPointsConversion(app.db, request.tenant.tenantId);
      if (!settings) throw notFound('No points conversion settings saved yet');
      return settings;
    },
  );

  app.post(
    '/api/points-conversion',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: 'Save the points conversion settings (insert or replace, in one statement)',
        body: pointsConversionBodySchema,
        response: { 200: pointsConversionSchema, ...errors },
      },
    },
    async (request) => savePointsConversion(app.db, request.tenant.tenantId, request.body),
  );
};
