import {
  type BusinessProfile,
  businessProfileBodySchema,
  PASS_SETTINGS_DEFAULTS,
  storeSettingsBodySchema,
} from '@loyalty/contracts';
import { apiError, json, notFound, type Routes, serveRoutes } from '@/test/fake-api';
import { answerSettings, answerUpload, freshSettingsState } from '@/test/settings-stand-in';

/**
 * The store settings API on the shared fake API (`vi.mock('@/lib/api', () => import('@/test/fake-api'))`):
 * `server` holds the saved store settings (test/settings-stand-in.ts), the business profile and the uploads,
 * and counts GETs (cache refreshes); `reset()` starts afresh and serves it.
 */
const freshBusiness = (): BusinessProfile => ({
  country: 'HK',
  timeZone: 'Asia/Hong_Kong',
  language: 'en',
  quietHours: null,
});
const fresh = () => ({
  ...freshSettingsState(),
  uploads: 0,
  uploadHold: null as Promise<void> | null,
  business: freshBusiness(),
  businessPuts: [] as unknown[],
  /** The wallet card's saved logo ('' : no pass settings saved). */
  passLogo: '',
});

const routes: Routes = {
  'POST /api/oci-object-storage': () => answerUpload(server),
  '/api/tenant/pass-settings': () =>
    server.passLogo
      ? json({ ...PASS_SETTINGS_DEFAULTS, logoUrl: server.passLogo, stripUrl: '/s.png', backgroundUrl: '/b.png' })
      : notFound(),
  'GET /api/tenants/business': () => json(server.business),
  '/api/tenants/business': ({ body }) => {
    server.businessPuts.push(body);
    const parsed = businessProfileBodySchema.safeParse(body);
    if (!parsed.success) return apiError(400, 'Validation failed');
    // Quiet hours absent from the body are kept, as the server keeps them.
    server.business = {
      ...parsed.data,
      quietHours: parsed.data.quietHours === undefined ? server.business.quietHours : parsed.data.quietHours,
    };
    return json(server.business);
  },
  '/api/tenant/store-settings': (request) => answerSettings(server, storeSettingsBodySchema, request),
};

export const server = {
  ...fresh(),
  reset() {
    Object.assign(server, fresh());
    serveRoutes(routes);
  },
};
