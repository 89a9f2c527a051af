import { type PromotionSimulation, type PromotionSimulationBody, SIMULATION_DEFAULT_DAYS } from '@loyalty/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { members, pointsLedger, promotionAwards, promotions, tenants } from '../../db/schema';
import { centsToNumber, loadRates, redeemValueCents } from '../points';
import { ruleOf } from './repository';
import { type Award, promotionAwards as awardsFor, type PromotionRule, sumAwards } from './rules';

const DAY_MS = 86_400_000;

/** A purchase of the window as the replay needs it. */
type WindowPurchase = {
  memberId: string;
  tierId: string | null;
  /** Where it was recorded (docs/design.md §10): a promotion limited to branches adds only to those. */
  branchId: string | null;
  amountCents: bigint;
  /** The points it earned by the earn rate when recorded: its total less what promotions gave it. */
  base: number;
  /** Its instant as the business's wall clock read as if it were UTC, in milliseconds. */
  localMs: number;
  atMs: number;
};

// Separators no id or number holds (ASCII unit and record separators).
const FIELD = '\x1f';
const RECORD = '\x1e';

/**
 * The window's purchases not reversed, oldest first, in one statement (hash joins, no statement per row): what
 * promotions gave each when recorded (so its base points are the rest), its member's tier now, and its instant as
 * the business's wall clock read as if it were UTC (one time zone conversion per row).
 *
 * They come back packed into one text value rather than as 100,000 rows: decoding rows field by field (PGlite's
 * wire protocol in JavaScript, drizzle's row mapping) took most of the simulator's time, while splitting one string
 * costs a fraction of it. The memory for sorting and hashing is raised for this statement alone, so the sort of a
 * large window stays in memory instead of spilling to disk.
 */
async function windowPurchases(
  db: Database,
  q: { tenantId: string; timeZone: string; from: Date; to: Date },
): Promise<WindowPurchase[]> {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const packed = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    const [row] = await rowsOf<{ packed: string }>(
      tx,
      sql`select coalesce(string_agg(concat_ws(${FIELD},
            l.member_id,
            coalesce(m.tier_id, ''),
            coalesce(l.branch_id, ''),
            round(coalesce(l.amount, 0) * 100)::bigint,
            l.points - coalesce(awarded.points, 0),
            (extract(epoch from (l.created_at at time zone ${q.timeZone})) * 1000000)::bigint,
            (extract(epoch from l.created_at) * 1000000)::bigint
          ), ${RECORD} order by l.created_at, l.id), '') as packed
        from ${pointsLedger} l
        left join ${members} m on m.tenant_id = l.tenant_id and m.id = l.member_id
        left join (
          select entry_id, sum(points)::int as points from ${promotionAwards}
          where tenant_id = ${q.tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz
          group by entry_id
        ) awarded on awarded.entry_id = l.id
        where l.tenant_id = ${q.tenantId} and l.type = 'PURCHASE'
          and l.created_at >= ${from}::timestamptz and l.created_at < ${to}::timestamptz
          and not exists (select 1 from ${pointsLedger} r where r.tenant_id = l.tenant_id and r.reverses_id = l.id)`,
    );
    return row?.packed ?? '';
  });
  if (packed === '') return [];
  return packed.split(RECORD).map((record) => {
    const [memberId = '', tierId = '', branchId = '', cents = '0', base = '0', localUs = '0', atUs = '0'] =
      record.split(FIELD);
    return {
      memberId,
      tierId: tierId === '' ? null : tierId,
      branchId: branchId === '' ? null : branchId,
      amountCents: BigInt(cents),
      base: Number(base),
      // Whole microseconds (exact below 2^53), so the division rounds once, as a float8 of the milliseconds would.
      localMs: Number(localUs) / 1000,
      atMs: Number(atUs) / 1000,
    };
  });
}

/** ISO weekday (Monday 1) and minute of the day of a wall-clock instant read as UTC (1 January 1970 was a Thursday). */
const wallClockOf = (localMs: number) => {
  const minutes = Math.floor(localMs / 60_000);
  const days = Math.floor(minutes / 1440);
  return { dow: ((((days + 3) % 7) + 7) % 7) + 1, minute: minutes - days * 1440 };
};

/** Counts per member and promotion, for perMemberLimit, in one replayed world. */
function usesCounter() {
  const counts = new Map<string, number>();
  return {
    used: (memberId: string) => (id: string) => counts.get(`${memberId} ${id}`) ?? 0,
    add(memberId: string, awards: readonly Award[], limited: ReadonlySet<string>) {
      for (const a of awards) {
        if (!limited.has(a.id)) continue;
        const key = `${memberId} ${a.id}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    },
  };
}

/**
 * What a draft promotion would have added on top of the active ones over a window of the business's own
 * purchases (docs/design.md §10; default the last 90 days): each purchase not reversed is replayed twice, under
 * the active promotions and under them plus the draft, from its base points (what it earned by the earn rate
 * when recorded), at its own time in the business's time zone, with its member's current tier. Per-member limits
 * count the uses within the window, in each replay. One statement, one pass.
 */
export async function simulatePromotion(
  db: Database,
  tenantId: string,
  body: PromotionSimulationBody,
): Promise<PromotionSimulation> {
  const to = body.to ? new Date(body.to) : new Date();
  const from = body.from ? new Date(body.from) : new Date(to.getTime() - SIMULATION_DEFAULT_DAYS * DAY_MS);
  const [rates, active, [tenant]] = await Promise.all([
    loadRates(db, tenantId),
    db
      .select()
      .from(promotions)
      .where(
        and(
          eq(promotions.tenantId, tenantId),
          eq(promotions.active, true),
          body.promotionId ? ne(promotions.id, body.promotionId) : undefined,
        ),
      )
      .orderBy(asc(promotions.createdAt), asc(promotions.id)),
    db.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)),
  ]);
  const baseline: PromotionRule[] = active.map(ruleOf);
  const draft = ruleOf({ id: body.promotionId ?? 'draft', ...body.promotion });
  const withDraft = [...baseline, draft];
  const limited = new Set(withDraft.filter((r) => r.perMemberLimit !== null).map((r) => r.id));
  const before = usesCounter();
  const after = usesCounter();
  // None applies while points are inactive: the draft would add nothing.
  const earning = !!rates?.isActive;

  let totalPurchases = 0;
  let basePoints = 0;
  let extraPoints = 0;
  let touched = 0;
  const touchedMembers = new Set<string>();
  const rows = await windowPurchases(db, { tenantId, timeZone: tenant?.timeZone ?? 'UTC', from, to });
  for (const row of rows) {
    const base = row.base;
    totalPurchases += 1;
    basePoints += base;
    if (!earning) continue;
    const moment = {
      amountCents: row.amountCents,
      ...wallClockOf(row.localMs),
      atMs: row.atMs,
      tierId: row.tierId,
      branchId: row.branchId,
    };
    const was = awardsFor(base, baseline, moment, before.used(row.memberId));
    const is = awardsFor(base, withDraft, moment, after.used(row.memberId));
    if (limited.size > 0) {
      before.add(row.memberId, was, limited);
      after.add(row.memberId, is, limited);
    }
    const diff = sumAwards(is) - sumAwards(was);
    extraPoints += diff;
    if (diff > 0) {
      touched += 1;
      touchedMembers.add(row.memberId);
    }
  }
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    purchases: touched,
    members: touchedMembers.size,
    extraPoints,
    extraValue: centsToNumber(redeemValueCents(extraPoints, rates)),
    share: basePoints > 0 ? Math.round((extraPoints / basePoints) * 10_000) / 10_000 : 0,
    totalPurchases,
    basePoints,
  };
}
