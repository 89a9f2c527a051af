import { apiErrorSchema, SETTINGS_MESSAGES, storeSettingsBodySchema, storeSettingsSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { isOwnUploadUrl } from '../../lib/own-upload';
import { findStoreSettings, saveStoreSettings } from './repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Store name and images of the tenant (spec data-screens §3; DESIGN §4): staff read, admin and owner write. */
export const storeSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenant/store-settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['settings'],
        summary: 'Store settings of the tenant; 404 when none are saved',
        response: { 200: storeSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await findStoreSettings(app.db, request.tenant.tenantId);
      if (!settings) throw notFound('No store settings saved yet');
      return settings;
    },
  );

  app.put(
    '/api/tenant/store-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: 'Save the store settings (insert or replace, in one statement)',
        body: storeSettingsBodySchema,
        response: { 200: storeSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.tenant;
      const body = request.body;
      const fieldErrors: Record<string, string> = {};
      for (const field of ['logoUrl', 'backgroundUrl'] as const) {
        if (!(await isOwnUploadUrl(app.db, tenantId, body[field]))) fieldErrors[field] = SETTINGS_MESSAGES.foreignImage;
      }
      if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
      return saveStoreSettings(app.db, tenantId, body);
    },
  );
};
