import { pointsConversionBodySchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./point-settings-test-api'))`.
 * The real client runs; `server` holds the stored settings, checks POST bodies with the contract and logs calls.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const server = {
  stored: null as unknown,
  posted: [] as unknown[],
  getFailures: 0,
  postFailure: false,
  hold: null as Promise<void> | null,
  /** While set, a GET waits for it (to see the screen while its data is on the way). */
  getHold: null as Promise<void> | null,
  gets: 0,
  reset() {
    server.stored = null;
    server.posted = [];
    server.getFailures = 0;
    server.postFailure = false;
    server.hold = null;
    server.getHold = null;
    server.gets = 0;
  },
};

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname !== '/api/points-conversion') return json(404, { status: 404, message: 'Not found' });
  if (method === 'GET') {
    server.gets += 1;
    if (server.getHold) await server.getHold;
    if (server.getFailures > 0) {
      server.getFailures -= 1;
      return json(500, { status: 500, message: 'Database unavailable' });
    }
    return server.stored ? json(200, server.stored) : json(404, { status: 404, message: 'Not found' });
  }
  const body = JSON.parse(String(init?.body));
  server.posted.push(body);
  if (server.hold) await server.hold;
  if (server.postFailure) return json(500, { status: 500, message: 'Internal server error' });
  const parsed = pointsConversionBodySchema.safeParse(body);
  if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
  server.stored = parsed.data;
  return json(200, parsed.data);
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
