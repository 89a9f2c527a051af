import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in the users tests: `vi.mock('@/lib/api', () => import('./users-test-api'))`.
 * The real client runs (headers, errors, parsing); serveApi() decides the answers.
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
