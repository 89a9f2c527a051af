import { apiErrorSchema, passSettingsBodySchema, passSettingsSchema, SETTINGS_MESSAGES } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../lib/errors';
import { isOwnUploadUrl } from '../../lib/own-upload';
import { findPassSettings, savePassSettings } from './repository';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Wallet card look of the tenant (spec data-screens §3; DESIGN §4): staff read, admin and owner write. */
export const passSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenant/pass-settings',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['settings'],
        summary: 'Wallet pass settings of the tenant; 404 when none are saved',
        response: { 200: passSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const settings = await findPassSettings(app.db, request.tenant.tenantId);
      if (!settings) throw notFound('No wallet settings saved yet');
      return settings;
    },
  );

  app.put(
    '/api/tenant/pass-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: 'Save the wallet pass settings (insert or replace, in one statement)',
        body: passSettingsBodySchema,
        response: { 200: passSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.tenant;
      const body = request.body;
      const fieldErrors: Record<string, string> = {};
      for (const field of ['logoUrl', 'stripUrl', 'backgroundUrl'] as const) {
        if (!(await isOwnUploadUrl(app.db, tenantId, body[field]))) fieldErrors[field] = SETTINGS_MESSAGES.foreignImage;
      }
      if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
      return savePassSettings(app.db, tenantId, body);
    },
  );
};
