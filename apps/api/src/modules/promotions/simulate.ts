import { type PromotionSimulation, type PromotionSimulationBody, SIMULATION_DEFAULT_DAYS } from '@loyalty/contracts';
import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { members, pointsLedger, promotionAwards, promotions, tenants } from '../../db/schema';
import { centsToNumber, loadRates, redeemValueCents, toCents } from '../points';
import { ruleOf } from './repository';
import { type Award, promotionAwards as awardsFor, type PromotionRule, sumAwards } from './rules';

const DAY_MS = 86_400_000;

/**
 * The window's purchases not reversed, oldest first, in one statement (one pass; hash joins, no statement per
 * row): what promotions gave each when recorded (so its base points are the rest), its member's tier now, and
 * its instant as the business's wall clock read as if it were UTC (one time zone conversion per row).
 */
function windowPurchases(db: Queries, q: { tenantId: string; timeZone: string; from: Date; to: Date }) {
  const awarded = db
    .select({
      entryId: promotionAwards.entryId,
      points: sql<number>`sum(${promotionAwards.points})::int`.as('awarded_points'),
    })
    .from(promotionAwards)
    .where(
      and(
        eq(promotionAwards.tenantId, q.tenantId),
        gte(promotionAwards.createdAt, q.from),
        lt(promotionAwards.createdAt, q.to),
      ),
    )
    .groupBy(promotionAwards.entryId)
    .as('awarded');
  return db
    .select({
      memberId: pointsLedger.memberId,
      amount: pointsLedger.amount,
      points: pointsLedger.points,
      awarded: sql<number>`coalesce(${awarded.points}, 0)`.mapWith(Number),
      // The member's tier now (docs/design.md §10: the simulation uses members' current tiers).
      tierId: members.tierId,
      // Where it was recorded (docs/design.md §10): a promotion limited to branches adds only to those.
      branchId: pointsLedger.branchId,
      localMs:
        sql<number>`(extract(epoch from (${pointsLedger.createdAt} at time zone ${q.timeZone})) * 1000)::float8`.mapWith(
          Number,
        ),
      atMs: sql<number>`(extract(epoch from ${pointsLedger.createdAt}) * 1000)::float8`.mapWith(Number),
    })
    .from(pointsLedger)
    .leftJoin(members, and(eq(members.tenantId, pointsLedger.tenantId), eq(members.id, pointsLedger.memberId)))
    .leftJoin(awarded, eq(awarded.entryId, pointsLedger.id))
    .where(
      and(
        eq(pointsLedger.tenantId, q.tenantId),
        eq(pointsLedger.type, 'PURCHASE'),
        gte(pointsLedger.createdAt, q.from),
        lt(pointsLedger.createdAt, q.to),
        sql`not exists (select 1 from points_ledger r where r.tenant_id = ${pointsLedger.tenantId}
          and r.reverses_id = ${pointsLedger.id})`,
      ),
    )
    .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id));
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
    const base = row.points - row.awarded;
    totalPurchases += 1;
    basePoints += base;
    if (!earning) continue;
    const moment = {
      amountCents: toCents(row.amount ?? '0'),
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
