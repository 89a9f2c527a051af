import { type SQL, sql } from 'drizzle-orm';
import { businessTimeZoneSql } from '../business';

/**
 * When the business's current day began, as SQL on the database's clock: "per day" limits count from it, in
 * the business profile's time zone (a Hong Kong shop's day starts at 16:00 UTC the evening before).
 */
export const businessDayStart = (tenantId: string): SQL => {
  const zone = businessTimeZoneSql(tenantId);
  return sql`(date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`;
};
