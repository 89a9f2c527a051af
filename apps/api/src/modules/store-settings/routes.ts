import { storeSettingsBodySchema, storeSettingsSchema } from '@loyalty/contracts';
import { settingsRoutes } from '../../lib/settings-routes';
import { storeSettingsRecord } from './repository';

/** Store name and images of the tenant: the images must be the tenant's own uploads. */
export const storeSettingsRoutes = settingsRoutes({
  path: '/api/tenant/store-settings',
  name: 'store settings',
  missing: 'No store settings saved yet',
  saveMethod: 'PUT',
  schema: storeSettingsSchema,
  body: storeSettingsBodySchema,
  ...storeSettingsRecord,
  images: ['logoUrl', 'backgroundUrl'],
});
