import { businessProfileBodySchema, businessProfileSchema } from '@loyalty/contracts';
import { settingsRoutes } from '../../lib/settings-routes';
import { getBusinessProfile, saveBusinessProfile } from './profile';

/** The business's profile: every team user reads it, admins and the owner change it. */
export const businessRoutes = settingsRoutes({
  path: '/api/tenants/business',
  name: 'business profile',
  missing: 'No such business',
  saveMethod: 'PUT',
  schema: businessProfileSchema,
  body: businessProfileBodySchema,
  find: getBusinessProfile,
  save: saveBusinessProfile,
  tags: ['business'],
  summaries: {
    read: "The business's country, time zone and language",
    save: "Change the business's country, time zone and language",
  },
});
