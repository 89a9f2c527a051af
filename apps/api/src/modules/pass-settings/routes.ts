import { passSettingsBodySchema, passSettingsSchema } from '@loyalty/contracts';
import { settingsRoutes } from '../../lib/settings-routes';
import { passSettingsRecord } from './repository';

/** Wallet card look of the tenant: its images must be the tenant's own uploads. */
export const passSettingsRoutes = settingsRoutes({
  path: '/api/tenant/pass-settings',
  name: 'wallet pass settings',
  missing: 'No wallet settings saved yet',
  saveMethod: 'PUT',
  schema: passSettingsSchema,
  body: passSettingsBodySchema,
  ...passSettingsRecord,
  images: ['logoUrl', 'stripUrl', 'backgroundUrl'],
});
