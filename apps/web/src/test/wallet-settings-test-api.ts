import { passSettingsBodySchema } from '@loyalty/contracts';
import { serveRoutes } from '@/test/fake-api';
import { answerSettings, answerUpload, freshSettingsState } from '@/test/settings-stand-in';

/**
 * The pass settings API on the shared fake API (`vi.mock('@/lib/api', () => import('@/test/fake-api'))`):
 * `server` holds the saved pass settings (test/settings-stand-in.ts) and the uploads; `reset()` starts afresh
 * and serves it.
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
    serveRoutes({
      'POST /api/oci-object-storage': () => answerUpload(server),
      '/api/tenant/pass-settings': (request) => answerSettings(server, passSettingsBodySchema, request),
    });
  },
};
