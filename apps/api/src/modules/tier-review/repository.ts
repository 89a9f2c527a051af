import { DEFAULT_TIER_POLICY, type TierBasis, type TierPolicy, type TierPolicyBody } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tierPolicies } from '../../db/schema';
import type { Scope } from '../../lib/run-scope';
import { businessTimeZoneSql } from '../business/profile';
import { toCents } from '../members/engine';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The business's tier policy; the default (lifetime, as before policies) when none is saved. */
export async function getPolicy(db: Queries, tenantId: string): Promise<TierPolicy> {
  const [row] = await db.select().from(tierPolicies).where(eq(tierPolicies.tenantId, tenantId)).limit(1);
  if (!row) return DEFAULT_TIER_POLICY;
  return { basis: row.basis, months: row.months, downgrade: row.downgrade, graceDays: row.graceDays, saved: true };
}

/** Saves the policy (months only for a rolling window); answers it as stored. */
export async function savePolicy(db: Queries, tenantId: string, body: TierPolicyBody): Promise<TierPolicy> {
  const values = {
    basis: body.basis,
    months: body.basis === 'ROLLING_MONTHS' ? (body.months ?? null) : null,
    downgrade: body.downgrade,
    graceDays: body.graceDays,
  };
  await db
    .insert(tierPolicies)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tierPolicies.tenantId, set: { ...values, updatedAt: sql`now()` } });
  return { ...values, saved: true };
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

type Window = { from: Date; previousFrom: Date | null; to: Date };

/** Where the policy's basis counts spend when the review runs at `at` (LIFETIME: no window). */
export async function windowAt(
  db: Queries,
  tenantId: string,
  basis: TierBasis,
  months: number | null,
  at: Date,
): Promise<Window | null> {
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

/**
 * Net spend per member in a window, entries dated by when they happened: purchases, less refunds and reversed
 * purchases. `one` limits it to one member.
 */
const netSpend = (tenantId: string, w: Window, one?: string) => {
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

/** Every member of the business (or just `one`) with the spend the policy counts over `window`. */
export async function candidates(db: Queries, tenantId: string, window: Window | null, one?: string) {
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

/** Whether the business has any member (a tier change with nobody to place needs no review). */
export async function hasMembers(db: Queries, tenantId: string): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists (select 1 from members where tenant_id = ${tenantId}) as "any"`,
  );
  return Boolean(row?.any);
}

export type Move = { id: string; from: string | null; to: string | null };

/**
 * Moves members' tiers, each only if it still holds the tier the review saw and is not pinned (so a second
 * review racing this one, or a write in between, moves nobody twice); ends their grace period. Answers the moves
 * made.
 */
export async function applyMoves(tx: Queries, tenantId: string, moves: Move[]): Promise<Move[]> {
  if (moves.length === 0) return [];
  const rows = await rowsOf<{ id: string; from: string | null; to: string | null }>(
    tx,
    sql`update members m set tier_id = v.to, tier_grace_until = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id text, "from" text, "to" text)
        where m.tenant_id = ${tenantId} and m.id = v.id and m.tier_id is not distinct from v.from
          and not m.tier_pinned
        returning m.id, v.from, v.to`,
  );
  return rows;
}

/** Starts members' grace periods (only where none runs) or ends them (`until` null). */
export async function setGrace(tx: Queries, tenantId: string, ids: string[], until: Date | null): Promise<void> {
  if (ids.length === 0) return;
  // The ids as one JSON parameter: a thousand parameters cost more to send and plan than the update itself.
  await tx.execute(
    sql`update members set tier_grace_until = ${until ? ts(until) : sql`null`}
        where tenant_id = ${tenantId} and id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))
        ${until ? sql`and tier_grace_until is null` : sql``}`,
  );
}

/** Claims today's review for each business with a policy whose local day has none yet: answers those claimed. */
export async function claimReviews(db: Queries, now: Date, only?: Scope): Promise<string[]> {
  const rows = await rowsOf<{ tenant_id: string }>(
    db,
    sql`insert into scheduled_runs (tenant_id, kind, day)
        select p.tenant_id, 'tier-review', (${ts(now)} at time zone coalesce(t.time_zone, 'UTC'))::date
        from tier_policies p join tenants t on t.id = p.tenant_id
        where true ${
          only
            ? sql`and p.tenant_id in (${sql.join(
                only.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
        on conflict do nothing
        returning tenant_id`,
  );
  return rows.map((r) => r.tenant_id);
}

/** Records what a claimed review did. */
export async function finishReview(db: Queries, tenantId: string, day: string, upgrades: number, downgrades: number) {
  await db.execute(
    sql`update scheduled_runs set finished_at = now(), upgrades = ${upgrades}, downgrades = ${downgrades}
        where tenant_id = ${tenantId} and kind = 'tier-review' and day = ${day}::date`,
  );
}

/** One member's net spend in the window: its current part and, for a calendar year, last year's (cents). */
export async function memberWindowSpend(db: Queries, tenantId: string, memberId: string, window: Window) {
  const [row] = await rowsOf<{ current: string | number | null; previous: string | number | null }>(
    db,
    netSpend(tenantId, window, memberId),
  );
  return { current: toCents(String(row?.current ?? '0')), previous: toCents(String(row?.previous ?? '0')) };
}
