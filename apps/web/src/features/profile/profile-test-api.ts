import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in tests: `vi.mock('@/lib/api', () => import('…/profile-test-api'))`, then
 * route the calls with serveApi(). The real client runs, so headers, errors and parsing are real.
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
