import { passSettingsBodySchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';
import { answerSettings, answerUpload, freshSettingsState, notFound } from '@/test/settings-stand-in';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./wallet-settings-test-api'))`.
 * The real client runs; `server` holds the saved pass settings (test/settings-stand-in.ts) and the uploads.
 */
const fresh = () => ({
  ...freshSettingsState(),
  uploads: 0,
  uploadHold: null as Promise<void> | null,
  uploadFails: false,
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
  if (url.pathname === '/api/tenant/pass-settings') return answerSettings(server, passSettingsBodySchema, method, init);
  return notFound();
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
