import { storeSettingsSchema } from '@loyalty/contracts';
import { settingsQuery } from '@/lib/settings-query';

/** GET /api/tenant/store-settings; null until saved, which means all three empty (docs/spec/data-screens.md §3). */
export const storeSettings = settingsQuery({
  path: '/api/tenant/store-settings',
  key: 'store-settings',
  schema: storeSettingsSchema,
  fetchFailed: 'storeSettings.fetchFailed',
});
