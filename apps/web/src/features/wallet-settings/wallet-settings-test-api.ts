import { passSettingsBodySchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./wallet-settings-test-api'))`.
 * The real client runs; `server` holds the stored settings, checks PUT bodies with the contract, answers
 * uploads with a URL (held until released when `uploadHold` is set) and logs what was sent.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const server = {
  stored: null as unknown,
  put: [] as unknown[],
  uploads: 0,
  uploadHold: null as Promise<void> | null,
  uploadFails: false,
  putFails: false,
  reset() {
    server.stored = null;
    server.put = [];
    server.uploads = 0;
    server.uploadHold = null;
    server.uploadFails = false;
    server.putFails = false;
  },
};

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/oci-object-storage' && method === 'POST') {
    server.uploads += 1;
    const n = server.uploads;
    if (server.uploadHold) await server.uploadHold;
    if (server.uploadFails) return json(500, { status: 500, message: 'Internal server error' });
    return json(200, { message: `/files/t-1/upload-${n}.png` });
  }
  if (url.pathname !== '/api/tenant/pass-settings') return json(404, { status: 404, message: 'Not found' });
  if (method === 'GET') {
    return server.stored ? json(200, server.stored) : json(404, { status: 404, message: 'Not found' });
  }
  const body = JSON.parse(String(init?.body));
  server.put.push(body);
  if (server.putFails) return json(500, { status: 500, message: 'Internal server error' });
  const parsed = passSettingsBodySchema.safeParse(body);
  if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
  server.stored = parsed.data;
  return json(200, parsed.data);
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
