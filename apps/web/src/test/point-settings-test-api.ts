import { pointsConversionBodySchema } from '@loyalty/contracts';
import { serveRoutes } from '@/test/fake-api';
import { answerSettings, freshSettingsState } from '@/test/settings-stand-in';

/**
 * The points settings API on the shared fake API (`vi.mock('@/lib/api', () => import('@/test/fake-api'))`):
 * `server` holds the saved points settings (test/settings-stand-in.ts); `reset()` starts afresh and serves it.
 */
export const server = {
  ...freshSettingsState(),
  reset() {
    Object.assign(server, freshSettingsState());
    serveRoutes({
      '/api/points-conversion': (request) => answerSettings(server, pointsConversionBodySchema, request),
    });
  },
};
