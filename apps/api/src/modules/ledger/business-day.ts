import { type SQL, sql } from 'drizzle-orm';

/**
 * When the business's current day began, as SQL on the database's clock: "per day" limits count from it. The
 * business's time zone is not stored yet, so the day is UTC's; this is the one place that changes when it is.
 */
export const businessDayStart = (_tenantId: string): SQL =>
  sql`(date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')`;
