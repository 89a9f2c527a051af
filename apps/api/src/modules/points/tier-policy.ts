import { DEFAULT_TIER_POLICY, type TierBasis, type TierPolicy } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tierPolicies } from '../../db/schema';
import { businessTimeZoneSql } from '../business';
import { toCents } from './engine';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The business's tier policy; the default (lifetime, as before policies) when none is saved. */
export async function getPolicy(db: Queries, tenantId: string): Promise<TierPolicy> {
  const [row] = await db.select().from(tierPolicies).where(eq(tierPolicies.tenantId, tenantId)).limit(1);
  if (!row) return DEFAULT_TIER_POLICY;
  return { basis: row.basis, months: row.months, downgrade: row.downgrade, graceDays: row.graceDays, saved: true };
}

type TierWindow = { from: Date; previousFrom: Date | null; to: Date };

/** Where the policy's basis counts spend when the review runs at `at` (LIFETIME: no window). */
export async function windowAt(
  db: Queries,
  tenantId: string,
  basis: TierBasis,
  months: number | null,
  at: Date,
): Promise<TierWindow | null> {
  if (basis === 'LIFETIME') return null;
  const tz = businessTimeZoneSql(tenantId);
  const [row] = await rowsOf<{ from: string | Date; previous: string | Date | null }>(
    db,
    basis === 'ROLLING_MONTHS'
      ? sql`select ((${ts(at)} at time zone ${tz}) - make_interval(months => ${months ?? 12}::int)) at time zone ${tz} as from,
                   null as previous`
      : sql`select date_trunc('year', ${ts(at)} at time zone ${tz}) at time zone ${tz} as from,
                   (date_trunc('year', ${ts(at)} at time zone ${tz}) - interval '1 year') at time zone ${tz} as previous`,
  );
  return {
    from: new Date(row?.from ?? at),
    previousFrom: row?.previous ? new Date(row.previous) : null,
    to: at,
  };
}

/**
 * Net spend per member in a window, entries dated by when they happened: purchases, less refunds and reversed
 * purchases. `one` limits it to one member.
 */
const netSpend = (tenantId: string, w: TierWindow, one?: string) => {
  const within = sql`l.tenant_id = ${tenantId}
    and l.created_at >= ${ts(w.previousFrom ?? w.from)} and l.created_at < ${ts(w.to)}
    ${one ? sql`and l.member_id = ${one}` : sql``}`;
  // Purchases and refunds read alone (no join for them: most rows); only reversals look up what they reverse.
  return sql`
  select s.member_id,
    sum(case when s.created_at >= ${ts(w.from)} then s.amount else 0 end) as current,
    sum(case when s.created_at < ${ts(w.from)} then s.amount else 0 end) as previous
  from (
    select l.member_id, l.created_at, case l.type when 'PURCHASE' then l.amount else -l.amount end as amount
    from points_ledger l where ${within} and l.type in ('PURCHASE', 'REFUND')
    union all
    select l.member_id, l.created_at, -t.amount
    from points_ledger l join points_ledger t on t.id = l.reverses_id and t.type = 'PURCHASE'
    where ${within} and l.type = 'REVERSAL'
  ) s
  group by s.member_id`;
};

/** One member's net spend in the window: its current part and, for a calendar year, last year's (cents). */
export async function memberWindowSpend(db: Queries, tenantId: string, memberId: string, window: TierWindow) {
  const [row] = await rowsOf<{ current: string | number | null; previous: string | number | null }>(
    db,
    netSpend(tenantId, window, memberId),
  );
  return { current: toCents(String(row?.current ?? '0')), previous: toCents(String(row?.previous ?? '0')) };
}

/**
 * The review's clock in the business's time zone: the next review (its next local midnight after `now`) and the
 * windows the policy counts spend in when reviewing at `at`: [from, at) and, for a calendar year, the year
 * before too ([previousFrom, from)).
 */
export async function reviewClock(db: Queries, tenantId: string, now: Date) {
  const tz = businessTimeZoneSql(tenantId);
  const [row] = await rowsOf<{ next: string | Date; day: string }>(
    db,
    sql`select (date_trunc('day', ${ts(now)} at time zone ${tz}) + interval '1 day') at time zone ${tz} as next,
               to_char(${ts(now)} at time zone ${tz}, 'YYYY-MM-DD') as day`,
  );
  return { nextReviewAt: new Date(row?.next ?? now), day: row?.day ?? now.toISOString().slice(0, 10) };
}

/** A member with the spend the policy counts (cents as decimal strings: summed in the database). */
export type Candidate = {
  id: string;
  firstName: string;
  lastName: string;
  tierId: string | null;
  pinned: boolean;
  graceUntil: Date | null;
  /** Lifetime spend, or the window's net spend (the better of this and last year's for a calendar year). */
  qualifying: string;
};

type RawCandidate = {
  id: string;
  first_name: string;
  last_name: string;
  tier_id: string | null;
  tier_pinned: boolean;
  tier_grace_until: string | Date | null;
  qualifying: string | number;
};

/** Every member of the business (or just `one`) with the spend the policy counts over `window`. */
export async function candidates(db: Queries, tenantId: string, window: TierWindow | null, one?: string) {
  const only = one ? sql`and m.id = ${one}` : sql``;
  const rows = await rowsOf<RawCandidate>(
    db,
    window === null
      ? sql`select m.id, m.first_name, m.last_name, m.tier_id, m.tier_pinned, m.tier_grace_until,
                   m.lifetime_spend as qualifying
            from members m where m.tenant_id = ${tenantId} ${only}`
      : sql`select m.id, m.first_name, m.last_name, m.tier_id, m.tier_pinned, m.tier_grace_until,
                   greatest(coalesce(s.current, 0), ${window.previousFrom ? sql`coalesce(s.previous, 0)` : sql`0`}) as qualifying
            from members m left join (${netSpend(tenantId, window, one)}) s on s.member_id = m.id
            where m.tenant_id = ${tenantId} ${only}`,
  );
  return rows.map(
    (r): Candidate => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      tierId: r.tier_id,
      pinned: r.tier_pinned,
      graceUntil: r.tier_grace_until ? new Date(r.tier_grace_until) : null,
      qualifying: String(r.qualifying),
    }),
  );
}
