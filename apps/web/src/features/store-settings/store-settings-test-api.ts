import {
  type BusinessProfile,
  businessProfileBodySchema,
  PASS_SETTINGS_DEFAULTS,
  storeSettingsBodySchema,
} from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./store-settings-test-api'))`.
 * The real client runs; `server` holds the stored settings, checks PUT bodies with the contract, answers
 * uploads with a URL (held until released when `uploadHold` is set) and counts GETs (cache refreshes).
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const server = {
  stored: null as unknown,
  put: [] as unknown[],
  gets: 0,
  uploads: 0,
  uploadHold: null as Promise<void> | null,
  putFails: false,
  business: { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null } as BusinessProfile,
  businessPuts: [] as unknown[],
  /** The wallet card's saved logo ('' : no pass settings saved). */
  passLogo: '',
  reset() {
    server.stored = null;
    server.put = [];
    server.gets = 0;
    server.uploads = 0;
    server.uploadHold = null;
    server.putFails = false;
    server.business = { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null };
    server.businessPuts = [];
    server.passLogo = '';
  },
};

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/oci-object-storage' && method === 'POST') {
    server.uploads += 1;
    const n = server.uploads;
    if (server.uploadHold) await server.uploadHold;
    return json(200, { message: `/files/t-1/upload-${n}.png` });
  }
  if (url.pathname === '/api/tenant/pass-settings') {
    if (!server.passLogo) return json(404, { status: 404, message: 'Not found' });
    return json(200, {
      ...PASS_SETTINGS_DEFAULTS,
      logoUrl: server.passLogo,
      stripUrl: '/s.png',
      backgroundUrl: '/b.png',
    });
  }
  if (url.pathname === '/api/tenants/business') {
    if (method === 'GET') return json(200, server.business);
    const body = JSON.parse(String(init?.body));
    server.businessPuts.push(body);
    const parsed = businessProfileBodySchema.safeParse(body);
    if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
    // Quiet hours absent from the body are kept, as the server keeps them.
    server.business = {
      ...parsed.data,
      quietHours: parsed.data.quietHours === undefined ? server.business.quietHours : parsed.data.quietHours,
    };
    return json(200, server.business);
  }
  if (url.pathname !== '/api/tenant/store-settings') return json(404, { status: 404, message: 'Not found' });
  if (method === 'GET') {
    server.gets += 1;
    return server.stored ? json(200, server.stored) : json(404, { status: 404, message: 'Not found' });
  }
  const body = JSON.parse(String(init?.body));
  server.put.push(body);
  if (server.putFails) return json(500, { status: 500, message: 'Internal server error' });
  const parsed = storeSettingsBodySchema.safeParse(body);
  if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
  server.stored = parsed.data;
  return json(200, parsed.data);
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
