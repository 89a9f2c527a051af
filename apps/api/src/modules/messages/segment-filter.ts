import type { SegmentFilter } from '@loyalty/contracts';
import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { googleWalletObjects, members, tenants, walletRegistrations } from '../../db/schema';
import { businessTimeZoneSql } from '../business';
import { spendableColumn } from '../members';
import { visitedSince } from '../points';

/** The start of a day (YYYY-MM-DD) in the business's time zone. */
const dayStart = (tenantId: string, day: string) =>
  sql`(${day}::date::timestamp at time zone ${businessTimeZoneSql(tenantId)})`;

/** A visit as the points core defines it (a purchase, a redemption or a stamp entry, not reversed). */
const visitSince = (tenantId: string, since: SQL) => visitedSince(tenantId, sql`${members.id}`, since);

/** An Apple pass on a registered device, or a Google object its holder saved (Google confirmed it). */
const holdsPass = (tenantId: string) =>
  sql`(exists (select 1 from ${walletRegistrations} r where r.tenant_id = ${tenantId} and r.member_id = ${members.id})
    or exists (select 1 from ${googleWalletObjects} g where g.tenant_id = ${tenantId} and g.member_id = ${members.id}
      and g.confirmed_at is not null))`;

/**
 * The members a filter holds, as conditions on `members` (the tenant's condition first). Each field narrows;
 * the costlier ones (balance after expiry, visits, passes) are only added when asked for.
 */
export function segmentWhere(tenantId: string, filter: SegmentFilter): SQL {
  const c: SQL[] = [eq(members.tenantId, tenantId)];
  if (filter.tierIds?.length) c.push(inArray(members.tierId, filter.tierIds));
  if (filter.minBalance !== undefined) c.push(sql`${spendableColumn} >= ${filter.minBalance}`);
  if (filter.maxBalance !== undefined) c.push(sql`${spendableColumn} <= ${filter.maxBalance}`);
  if (filter.minLifetimeSpend !== undefined) c.push(gte(members.lifetimeSpend, String(filter.minLifetimeSpend)));
  if (filter.joinedAfter) c.push(sql`${members.createdAt} >= ${dayStart(tenantId, filter.joinedAfter)}`);
  if (filter.joinedBefore) c.push(sql`${members.createdAt} < ${dayStart(tenantId, filter.joinedBefore)}`);
  if (filter.lastVisitAfter) c.push(visitSince(tenantId, dayStart(tenantId, filter.lastVisitAfter)));
  if (filter.lastVisitBefore) c.push(sql`not ${visitSince(tenantId, dayStart(tenantId, filter.lastVisitBefore))}`);
  if (filter.language) {
    const businessLanguage = sql`(select ${tenants.language} from ${tenants} where ${tenants.id} = ${tenantId})`;
    c.push(sql`coalesce(${members.language}, ${businessLanguage}) = ${filter.language}`);
  }
  if (filter.hasWalletPass !== undefined)
    c.push(filter.hasWalletPass ? holdsPass(tenantId) : sql`not ${holdsPass(tenantId)}`);
  return and(...c) as SQL;
}

/** Members a message may go to: they gave marketing consent and have not withdrawn it. */
export const reachable = sql`${members.marketingOptIn}`;
