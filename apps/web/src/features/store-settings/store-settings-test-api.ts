import {
  type BusinessProfile,
  businessProfileBodySchema,
  PASS_SETTINGS_DEFAULTS,
  storeSettingsBodySchema,
} from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';
import { json } from '@/test/fake-api';
import { answerSettings, answerUpload, freshSettingsState, notFound } from '@/test/settings-stand-in';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./store-settings-test-api'))`.
 * The real client runs; `server` holds the saved store settings (test/settings-stand-in.ts), the business
 * profile and the uploads, and counts GETs (cache refreshes).
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

export const server = {
  ...fresh(),
  reset() {
    Object.assign(server, fresh());
  },
};

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/oci-object-storage' && method === 'POST') return answerUpload(server);
  if (url.pathname === '/api/tenant/pass-settings') {
    if (!server.passLogo) return notFound();
    return json({
      ...PASS_SETTINGS_DEFAULTS,
      logoUrl: server.passLogo,
      stripUrl: '/s.png',
      backgroundUrl: '/b.png',
    });
  }
  if (url.pathname === '/api/tenants/business') {
    if (method === 'GET') return json(server.business);
    const body = JSON.parse(String(init?.body));
    server.businessPuts.push(body);
    const parsed = businessProfileBodySchema.safeParse(body);
    if (!parsed.success) return json({ status: 400, message: 'Validation failed' }, 400);
    // Quiet hours absent from the body are kept, as the server keeps them.
    server.business = {
      ...parsed.data,
      quietHours: parsed.data.quietHours === undefined ? server.business.quietHours : parsed.data.quietHours,
    };
    return json(server.business);
  }
  if (url.pathname === '/api/tenant/store-settings')
    return answerSettings(server, storeSettingsBodySchema, method, init);
  return notFound();
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
