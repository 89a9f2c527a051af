import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in component tests: `vi.mock('@/lib/api', () => import('@/test/fake-api'))`, then
 * route the calls with serveApi(). The real client runs, so headers, errors and parsing are real. Each test
 * file gets its own copy of this module (Vitest isolates files), so one file's handler never answers another's.
 */
let handler: typeof fetch = async () => new Response(null, { status: 404 });

export function serveApi(next: typeof fetch) {
  handler = next;
}

export const api = createApiClient({
  getToken: async () => 'token',
  getTenantId: () => 't-1',
  fetch: (input, init) => handler(input, init),
});

/** A JSON answer as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
