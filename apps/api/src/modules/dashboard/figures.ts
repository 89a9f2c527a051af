import { type SQL, sql } from 'drizzle-orm';
import { pointsLedger } from '../../db/schema';
import { businessTimeZoneSql } from '../business';

/**
 * One definition of the business's points figures, so the dashboard, the liability and every report count
 * the same entries (a welcome bonus is issued like a purchase's points; a reversal or refund is points taken
 * back, not negative issuing):
 * - issued: positive PURCHASE, BONUS, ADJUST and IMPORT entries;
 * - redeemed: REDEEM entries;
 * - expired: EXPIRE entries;
 * - taken back: REVERSAL and REFUND entries, and negative ADJUST and IMPORT entries;
 * - outstanding: the sum of all entries (members' balances).
 */
export const issuedEntry: SQL = sql`(${pointsLedger.points} > 0 and ${pointsLedger.type} in ('PURCHASE', 'BONUS', 'ADJUST', 'IMPORT'))`;

/**
 * The start of the business's current month, as a timestamp: months are the business's, reckoned in its time
 * zone (a Hong Kong business's December starts at 16:00 UTC on 30 November).
 */
export function businessMonthStart(tenantId: SQL | string): SQL {
  const zone = businessTimeZoneSql(tenantId);
  return sql`(date_trunc('month', now() at time zone ${zone}) at time zone ${zone})`;
}
