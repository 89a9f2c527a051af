import { type SQL, sql } from 'drizzle-orm';
import { pointsLedger } from '../../db/schema';

/**
 * The one definition of a visit (docs/design.md §10): a purchase, a redemption (of points or a reward) or a stamp
 * entry, not reversed. As SQL: each member of the business with the time of their latest visit (`member_id`, `at`),
 * for win-back and its preview. Stamp entries live in a stamp ledger of their own (the stamp cards): when it exists
 * its entries that are not reversed join the union below as a third source of visits.
 */
export function lastVisits(tenantId: string): SQL {
  return sql`(select v.member_id, max(v.at) as at from (
      select l.member_id, l.created_at as at from ${pointsLedger} l
      where l.tenant_id = ${tenantId} and l.type in ('PURCHASE', 'REDEEM')
        and not exists (select 1 from ${pointsLedger} r where r.tenant_id = l.tenant_id and r.reverses_id = l.id)
      -- Stamp entries: union all select member_id, created_at from the stamp ledger, not reversed.
    ) v group by v.member_id)`;
}
