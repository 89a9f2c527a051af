import { personName, type Role, type StaffActivityQuery, type StaffActivityRow } from '@loyalty/contracts';
import { and, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { accounts, pointsLedger, tenantUsers } from '../../db/schema';
import { getBusinessProfile } from '../business';

/** The time zone a business's days are reckoned in: its profile's (UTC for a tenant that does not exist). */
export async function reportTimeZone(db: Queries, tenantId: string): Promise<string> {
  return (await getBusinessProfile(db, tenantId))?.timeZone ?? 'UTC';
}

/** The instant a day ("2026-11-26") starts in `timeZone`, as PostgreSQL reckons it (daylight saving included). */
const startOf = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;
const endOf = (day: string, timeZone: string): SQL => sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;

// Counted by type name in SQL: REFUND entries are written by the refunds feature, whose type may be newer than
// this module's view of the ledger's types.
const ofType = (type: string) => sql`${pointsLedger.type} = ${type}`;

/** Points issued, as every figure of the product counts them: positive PURCHASE, BONUS, ADJUST and IMPORT. */
const ISSUED = sql`${pointsLedger.points} > 0 and ${pointsLedger.type} in ('PURCHASE', 'BONUS', 'ADJUST', 'IMPORT')`;

// In the name's own order (黃美玲, Ada Owner: docs/glossary.md), else the e-mail.
const displayName = (first: string, last: string, email: string) =>
  personName({ firstName: first, lastName: last }) || email;

/**
 * Sums per team user of the ledger entries they recorded between the start of `from` and the end of `to`
 * (both whole days in `timeZone`): one pass over the tenant's entries of the range on the (tenant, created_at)
 * index, grouped by account. Every current team user gets a row, zeros included, so "recorded nothing" shows;
 * an account that recorded entries and has since left the team keeps its row (role null).
 */
export async function staffActivity(
  db: Queries,
  tenantId: string,
  { from, to, branchId }: StaffActivityQuery,
  timeZone: string,
): Promise<StaffActivityRow[]> {
  const sums = await db
    .select({
      accountId: sql<string>`${pointsLedger.accountId}`,
      purchases: sql<number>`count(*) filter (where ${ofType('PURCHASE')})::int`,
      amount: sql<string>`coalesce(sum(${pointsLedger.amount}) filter (where ${ofType('PURCHASE')}), 0)::text`,
      // float8: a year of a busy business's points may pass int4, and both drivers answer float8 as a number.
      points: sql<number>`coalesce(sum(${pointsLedger.points}) filter (where ${ISSUED}), 0)::float8`,
      redemptions: sql<number>`count(*) filter (where ${ofType('REDEEM')})::int`,
      reversals: sql<number>`count(*) filter (where ${ofType('REVERSAL')})::int`,
      refunds: sql<number>`count(*) filter (where ${ofType('REFUND')})::int`,
    })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.tenantId, tenantId),
        gte(pointsLedger.createdAt, startOf(from, timeZone)),
        lt(pointsLedger.createdAt, endOf(to, timeZone)),
        isNotNull(pointsLedger.accountId),
        // What was recorded at one branch (docs/design.md §10).
        branchId ? eq(pointsLedger.branchId, branchId) : undefined,
      ),
    )
    .groupBy(pointsLedger.accountId);

  const team = await db
    .select({
      accountId: tenantUsers.accountId,
      role: tenantUsers.role,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
    })
    .from(tenantUsers)
    .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
    .where(eq(tenantUsers.tenantId, tenantId));
  const onTeam = new Set(team.map((t) => t.accountId));
  const formerIds = sums.map((s) => s.accountId).filter((id) => !onTeam.has(id));
  const former = formerIds.length
    ? await db
        .select({
          accountId: accounts.id,
          firstName: accounts.firstName,
          lastName: accounts.lastName,
          email: accounts.email,
        })
        .from(accounts)
        .where(inArray(accounts.id, formerIds))
    : [];

  const sumsOf = new Map(sums.map((s) => [s.accountId, s]));
  const people: { accountId: string; role: Role | null; firstName: string; lastName: string; email: string }[] = [
    ...team,
    ...former.map((f) => ({ ...f, role: null })),
  ];
  return people
    .map((person): StaffActivityRow => {
      const s = sumsOf.get(person.accountId);
      return {
        userId: person.accountId,
        name: displayName(person.firstName, person.lastName, person.email),
        email: person.email,
        role: person.role,
        purchases: s?.purchases ?? 0,
        amount: s ? Number(s.amount) : 0,
        points: s?.points ?? 0,
        redemptions: s?.redemptions ?? 0,
        reversals: s?.reversals ?? 0,
        refunds: s?.refunds ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}
