import { passSettingsSchema } from '@loyalty/contracts';
import { settingsQuery } from '@/lib/settings-query';

/** GET /api/tenant/pass-settings; null until saved (the screen shows defaults). */
export const passSettings = settingsQuery({
  path: '/api/tenant/pass-settings',
  key: 'pass-settings',
  schema: passSettingsSchema,
  fetchFailed: 'walletSettings.fetchFailed',
});
