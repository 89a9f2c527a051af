import { createApiClient } from '@/lib/api-client';

/** Stands in for '@/lib/api' in the messages tests; serveApi() decides the answers, the real client runs. */
let handler: typeof fetch = async () => new Response(null, { status: 404 });

export function serveApi(next: typeof fetch) {
  handler = next;
}

export const api = createApiClient({
  getToken: async () => 'token',
  getTenantId: () => 't-1',
  fetch: (input, init) => handler(input, init),
});
