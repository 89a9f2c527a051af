import { passSettingsSchema } from '@loyalty/contracts';
import { settingsQuery } from '@/lib/settings-query';

/** GET /api/tenant/pass-settings; null until saved (the screen shows defaults). */
const passSettings = settingsQuery({
  path: '/api/tenant/pass-settings',
  key: 'pass-settings',
  schema: passSettingsSchema,
  fetchFailed: 'walletSettings.fetchFailed',
});

export const passSettingsKeys = passSettings.keys;
export const passSettingsQueryOptions = passSettings.options;
export const usePassSettings = passSettings.useSettings;
