import { pointsConversionBodySchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';
import { answerSettings, freshSettingsState, notFound } from '@/test/settings-stand-in';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./point-settings-test-api'))`.
 * The real client runs; `server` holds the saved points settings (test/settings-stand-in.ts).
 */
export const server = {
  ...freshSettingsState(),
  reset() {
    Object.assign(server, freshSettingsState());
  },
};

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/points-conversion')
    return answerSettings(server, pointsConversionBodySchema, method, init);
  return notFound();
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
