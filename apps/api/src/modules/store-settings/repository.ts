import type { StoreSettings, StoreSettingsBody } from '@loyalty/contracts';
import { storeSettings } from '../../db/schema';
import { settingsRecord } from '../../lib/settings-record';

/** The store's name and images, shown on every card of the tenant. */
export const storeSettingsRecord = settingsRecord<StoreSettings, StoreSettingsBody>({
  table: storeSettings,
  columns: { logoUrl: storeSettings.logoUrl, text: storeSettings.text, backgroundUrl: storeSettings.backgroundUrl },
  record: 'store-settings',
  auditName: 'storeSettings',
});
