import { pointsConversionSchema } from '@loyalty/contracts';
import { settingsQuery } from '@/lib/settings-query';

/** GET /api/points-conversion; null until saved (the screen shows defaults). */
export const pointsConversion = settingsQuery({
  path: '/api/points-conversion',
  key: 'points-conversion',
  schema: pointsConversionSchema,
  fetchFailed: 'pointSettings.fetchFailed',
});
