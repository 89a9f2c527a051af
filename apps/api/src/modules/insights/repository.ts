import type { InsightsInterval, Liability, TimeseriesBucket } from '@loyalty/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { addDays, nextStart, type Period, periodStart, periods } from './periods';

const n = (value: unknown) => Number(value ?? 0);

/** Postgres's name of a period. */
const TRUNC: Record<InsightsInterval, string> = { day: 'day', week: 'week', month: 'month' };

/** The period key of a day column: its period's first day (weeks from Monday, as date_trunc reckons them). */
const keyOf = (column: SQL, interval: InsightsInterval): SQL =>
  interval === 'day' ? column : sql`date_trunc(${TRUNC[interval]}, ${column}::timestamp)::date`;

/** Rows of one branch when filtered (the roll-up's branch: the entry's, the new member's home branch). */
const ofBranch = (column: SQL, branchId: string | undefined): SQL =>
  branchId === undefined ? sql`true` : sql`${column} = ${branchId}`;

type SumsRow = {
  key: string;
  new_members: number;
  purchases: number;
  amount: string;
  points_issued: number;
  points_redeemed: number;
  points_expired: number;
  points_taken_back: number;
  rewards_redeemed: number;
  stamps_added: number;
  cards_completed: number;
};

type VisitsRow = { key: string; active: number; returning: number };

const KIND: Record<InsightsInterval, string> = { day: 'd', week: 'w', month: 'm' };

/**
 * The active and returning members of a period the range cuts, from the visits of its days (a week or a month at
 * most): returning when also active in the whole period before.
 */
async function cutPeriod(
  db: Queries,
  tenantId: string,
  p: Period,
  beforeKey: string,
  branchId: string | undefined,
): Promise<VisitsRow> {
  const branch = ofBranch(sql.raw('branch_id'), branchId);
  const [row] = await rowsOf<VisitsRow>(
    db,
    sql`select ${p.key} as key, count(*)::int as active,
        (count(*) filter (where exists (select 1 from insights_visits b where b.tenant_id = ${tenantId}
          and b.member_id = c.member_id and b.day >= ${beforeKey}::date and b.day < ${p.key}::date
          and ${ofBranch(sql.raw('b.branch_id'), branchId)})))::int as "returning"
      from (select distinct member_id from insights_visits
        where tenant_id = ${tenantId} and day between ${p.start}::date and ${p.end}::date and ${branch}) c`,
  );
  return row ?? { key: p.key, active: 0, returning: 0 };
}

/**
 * The business's figures per period from `from` to `to` (days of its time zone; `today` is its today): the sums
 * from the daily roll-up and the active and returning members from their counts per period (a year by day is 365
 * rows per shard of each), a period the range cuts from the visits of its days.
 */
export async function timeseries(
  db: Queries,
  tenantId: string,
  query: { from: string; to: string; interval: InsightsInterval; branchId?: string | undefined; today: string },
): Promise<TimeseriesBucket[]> {
  const { from, to, interval, branchId, today } = query;
  const list = periods(from, to, interval);
  const firstKey = periodStart(from, interval);
  const day = sql.raw('"day"');
  const [sums, visits] = await Promise.all([
    rowsOf<SumsRow>(
      db,
      sql`select ${keyOf(day, interval)}::text as key,
        sum(new_members)::int as new_members, sum(purchases)::int as purchases, sum(amount)::text as amount,
        sum(points_issued)::float8 as points_issued, sum(points_redeemed)::float8 as points_redeemed,
        sum(points_expired)::float8 as points_expired, sum(points_taken_back)::float8 as points_taken_back,
        sum(rewards_redeemed)::int as rewards_redeemed, sum(stamps_added)::int as stamps_added,
        sum(cards_completed)::int as cards_completed
      from insights_daily
      where tenant_id = ${tenantId} and day between ${from}::date and ${to}::date and ${ofBranch(sql.raw('branch_id'), branchId)}
      group by 1`,
    ),
    rowsOf<VisitsRow>(
      db,
      sql`select period::text as key, sum(active)::int as active, sum("returning")::int as "returning"
        from insights_active
        where tenant_id = ${tenantId} and scope = ${branchId ?? ''} and kind = ${KIND[interval]}
          and period between ${firstKey}::date and ${to}::date
        group by 1`,
    ),
  ]);
  const sumsOf = new Map(sums.map((r) => [String(r.key).slice(0, 10), r]));
  const visitsOf = new Map(visits.map((r) => [String(r.key).slice(0, 10), r]));
  // A period the range cuts (a week from a Wednesday; a month to a day before today) counts its own days only.
  const cut = await Promise.all(
    list.map((p) =>
      p.start > p.key || (p.end < addDays(nextStart(p.key, interval), -1) && p.end < today)
        ? cutPeriod(db, tenantId, p, nextStart(p.key, interval, -1), branchId)
        : undefined,
    ),
  );
  return list.map((p: Period, i) => {
    const s = sumsOf.get(p.key);
    const v = cut[i] ?? visitsOf.get(p.key);
    return {
      start: p.start,
      end: p.end,
      newMembers: n(s?.new_members),
      activeMembers: n(v?.active),
      returningMembers: n(v?.returning),
      purchases: n(s?.purchases),
      amount: n(s?.amount),
      pointsIssued: n(s?.points_issued),
      pointsRedeemed: n(s?.points_redeemed),
      pointsExpired: n(s?.points_expired),
      pointsTakenBack: n(s?.points_taken_back),
      rewardsRedeemed: n(s?.rewards_redeemed),
      stampsAdded: n(s?.stamps_added),
      cardsCompleted: n(s?.cards_completed),
    };
  });
}

type TierRow = {
  tier_id: string | null;
  name: string | null;
  name_zh: string | null;
  name_cn: string | null;
  members: number;
  points: number;
  negative_members: number;
  negative_points: number;
};

/**
 * A member's home branch, read through to_jsonb: the column comes with branches (docs/design.md §10), and this
 * report filters by it whether or not it exists yet (no member has one before).
 */
const homeBranch = (row: SQL, branchId: string | undefined): SQL =>
  branchId === undefined ? sql`true` : sql`(to_jsonb(${row}) ->> 'home_branch_id') = ${branchId}`;

/**
 * What the business's points owe now (docs/design.md §10). Balances leave out the points of lots past their
 * expiry that the sweep has not written off yet, as every balance shown does (the dashboard, the member list).
 */
export async function liability(
  db: Queries,
  tenantId: string,
  branchId: string | undefined,
): Promise<Omit<Liability, 'timeZone'>> {
  const lapsed = sql`select member_id, sum(remaining) as points from points_lots
    where tenant_id = ${tenantId} and remaining > 0 and expires_at <= now() group by member_id`;
  const [tiers, erased, expiring, breakage, rate] = await Promise.all([
    rowsOf<TierRow>(
      db,
      sql`with lapsed as (${lapsed}), m as (
          select m.tier_id, m.points_balance - coalesce(x.points, 0) as balance
          from members m left join lapsed x on x.member_id = m.id
          where m.tenant_id = ${tenantId} and ${homeBranch(sql.raw('m'), branchId)}
        )
        select m.tier_id, t.name, t.name_zh, t.name_cn, count(*)::int as members, coalesce(sum(m.balance), 0)::float8 as points,
          (count(*) filter (where m.balance < 0))::int as negative_members,
          coalesce(sum(m.balance) filter (where m.balance < 0), 0)::float8 as negative_points
        from m left join membership_tiers t on t.id = m.tier_id
        group by m.tier_id, t.name, t.name_zh, t.name_cn, t.sort_order
        order by t.sort_order nulls last, t.name`,
    ),
    rowsOf<{ points: number }>(
      db,
      sql`with lapsed as (${lapsed})
        select coalesce(sum(e.points_balance - coalesce(x.points, 0)), 0)::float8 as points
        from erased_members e left join lapsed x on x.member_id = e.member_id
        where e.tenant_id = ${tenantId} and ${branchId === undefined ? sql`true` : sql`e.home_branch_id = ${branchId}`}`,
    ),
    rowsOf<{ days30: number; days60: number; days90: number }>(
      db,
      sql`select coalesce(sum(remaining) filter (where expires_at <= now() + interval '30 days'), 0)::float8 as days30,
          coalesce(sum(remaining) filter (where expires_at <= now() + interval '60 days'), 0)::float8 as days60,
          coalesce(sum(remaining), 0)::float8 as days90
        from points_lots l
        where l.tenant_id = ${tenantId} and l.remaining > 0 and l.expires_at > now()
          and l.expires_at <= now() + interval '90 days'
          and ${
            branchId === undefined
              ? sql`true`
              : sql`l.member_id in (select m.id from members m where m.tenant_id = ${tenantId} and ${homeBranch(sql.raw('m'), branchId)}
                  union all select e.member_id from erased_members e where e.tenant_id = ${tenantId} and e.home_branch_id = ${branchId})`
          }`,
    ),
    // The last 12 months of the business: from the day a year before today (excluded) to today.
    rowsOf<{ redeemed: number; expired: number }>(
      db,
      sql`with today as (
          select (now() at time zone coalesce((select time_zone from tenants where id = ${tenantId}), 'UTC'))::date as d
        )
        select coalesce(sum(points_redeemed), 0)::float8 as redeemed, coalesce(sum(points_expired), 0)::float8 as expired
        from insights_daily, today
        where tenant_id = ${tenantId} and day > (today.d - interval '12 months')::date and day <= today.d
          and ${ofBranch(sql.raw('branch_id'), branchId)}`,
    ),
    rowsOf<{ points: number; amount: string }>(
      db,
      sql`select redeem_rate_points as points, redeem_rate_amount::text as amount
        from points_conversion_settings where tenant_id = ${tenantId}`,
    ),
  ]);
  const byTier = tiers.map((t) => ({
    tierId: t.tier_id,
    name: t.tier_id === null ? 'No tier' : (t.name ?? ''),
    nameZh: t.name_zh,
    nameCn: t.name_cn,
    members: n(t.members),
    points: n(t.points),
  }));
  const erasedPoints = n(erased[0]?.points);
  const outstandingPoints = byTier.reduce((sum, t) => sum + t.points, 0) + erasedPoints;
  const r = rate[0];
  // Whole cents: points × amount-cents / rate-points, floored (as the dashboard's liability).
  const cents =
    r && n(r.points) > 0
      ? (BigInt(outstandingPoints) * BigInt(Math.round(Number(r.amount) * 100))) / BigInt(n(r.points))
      : 0n;
  const redeemed = n(breakage[0]?.redeemed);
  const expired = n(breakage[0]?.expired);
  return {
    outstandingPoints,
    outstandingValue: Number(cents) / 100,
    expiring: {
      days30: n(expiring[0]?.days30),
      days60: n(expiring[0]?.days60),
      days90: n(expiring[0]?.days90),
    },
    negative: {
      members: tiers.reduce((sum, t) => sum + n(t.negative_members), 0),
      points: tiers.reduce((sum, t) => sum + n(t.negative_points), 0),
    },
    breakage12m: redeemed + expired === 0 ? null : Math.round((expired / (redeemed + expired)) * 10_000) / 10_000,
    byTier,
    erased: { points: erasedPoints },
  };
}
