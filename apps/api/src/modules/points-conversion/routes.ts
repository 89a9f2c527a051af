import { pointsConversionBodySchema, pointsConversionSchema } from '@loyalty/contracts';
import { settingsRoutes } from '../../lib/settings-routes';
import { findPointsConversion, savePointsConversion } from './repository';

/** Earn and redeem rules of the tenant; saved by POST, as the spec's screen calls it. */
export const pointsConversionRoutes = settingsRoutes({
  path: '/api/points-conversion',
  name: 'points conversion settings',
  missing: 'No points conversion settings saved yet',
  saveMethod: 'POST',
  schema: pointsConversionSchema,
  body: pointsConversionBodySchema,
  find: findPointsConversion,
  save: savePointsConversion,
});
