import { type SQL, sql } from 'drizzle-orm';

/**
 * The one definition of a visit (docs/design.md §10 "The points core"): a purchase, a redemption (of points or of
 * a reward) or a stamp entry, not reversed. It lives in SQL (migration 0068: `visit_entry(ledger, type)` says which
 * entries of each ledger are visits, `visits(tenant)` lists those not reversed), so the insights' triggers and
 * rebuild count exactly what win-back and segments read through these helpers.
 */

/** Each member of the business with the time of their latest visit (`member_id`, `at`): win-back and its preview. */
export function lastVisits(tenantId: string): SQL {
  return sql`(select v.member_id, max(v.at) as at from visits(${tenantId}) v group by v.member_id)`;
}

/** Whether the member (`memberId`, a column or value) visited at or after `since`: the segments' last visit. */
export function visitedSince(tenantId: string, memberId: SQL, since: SQL): SQL {
  return sql`exists (select 1 from visits(${tenantId}) v where v.member_id = ${memberId} and v.at >= ${since})`;
}
