import { randomUUID } from 'node:crypto';
import type { Promotion, PromotionBody } from '@loyalty/contracts';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { members, membershipTiers, promotionAwards, promotions } from '../../db/schema';
import { toCents } from '../points';
import { dayBitsOf, minuteOf, type PromotionRule } from './rules';

export type PromotionRow = typeof promotions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Awards of the promotion on purchases not reversed: how often it applied and the points it gave. */
const givenColumns = {
  timesApplied: sql<number>`(select count(*) from promotion_awards a where a.tenant_id = "promotions"."tenant_id"
    and a.promotion_id = "promotions"."id" and not exists (select 1 from points_ledger r
    where r.tenant_id = a.tenant_id and r.reverses_id = a.entry_id))::int`.mapWith(Number),
  pointsGiven: sql<number>`(select coalesce(sum(a.points), 0) from promotion_awards a
    where a.tenant_id = "promotions"."tenant_id" and a.promotion_id = "promotions"."id" and not exists
    (select 1 from points_ledger r where r.tenant_id = a.tenant_id and r.reverses_id = a.entry_id))::int`.mapWith(
    Number,
  ),
};

export function toPromotion(row: PromotionRow, given = { timesApplied: 0, pointsGiven: 0 }): Promotion {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.nameZh,
    nameCn: row.nameCn,
    kind: row.kind,
    factor: row.factor === null ? null : Number(row.factor),
    bonusPoints: row.bonusPoints,
    minAmount: row.minAmount === null ? null : Number(row.minAmount),
    days: row.days,
    fromTime: row.fromTime,
    toTime: row.toTime,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    tierIds: row.tierIds,
    branchIds: row.branchIds,
    perMemberLimit: row.perMemberLimit,
    active: row.active,
    timesApplied: given.timesApplied,
    pointsGiven: given.pointsGiven,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const columnsOf = (body: PromotionBody) => ({
  ...body,
  factor: body.factor === null ? null : body.factor.toFixed(1),
  minAmount: body.minAmount === null ? null : body.minAmount.toFixed(2),
  validFrom: body.validFrom ? new Date(body.validFrom) : null,
  validTo: body.validTo ? new Date(body.validTo) : null,
});

/** The rule of a stored promotion (or of a draft, given an id), for rules.ts. */
export function ruleOf(row: {
  id: string;
  kind: PromotionRow['kind'];
  factor: string | number | null;
  bonusPoints: number | null;
  minAmount: string | number | null;
  days: PromotionRow['days'];
  fromTime: string | null;
  toTime: string | null;
  validFrom: Date | string | null;
  validTo: Date | string | null;
  tierIds: string[];
  branchIds: string[];
  perMemberLimit: number | null;
}): PromotionRule {
  const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
  return {
    id: row.id,
    kind: row.kind,
    factorTenths: row.factor === null ? 0 : Math.round(Number(row.factor) * 10),
    bonusPoints: row.bonusPoints ?? 0,
    minAmountCents: row.minAmount === null ? null : toCents(row.minAmount),
    dayBits: dayBitsOf(row.days),
    fromMinute: minuteOf(row.fromTime),
    toMinute: minuteOf(row.toTime),
    validFromMs: ms(row.validFrom),
    validToMs: ms(row.validTo),
    tierIds: row.tierIds,
    branchIds: row.branchIds,
    perMemberLimit: row.perMemberLimit,
  };
}

/** Every promotion of the tenant, active first, then by name (a business runs a handful, never thousands). */
export async function listPromotions(db: Queries, tenantId: string): Promise<Promotion[]> {
  const rows = await db
    .select({ row: promotions, ...givenColumns })
    .from(promotions)
    .where(eq(promotions.tenantId, tenantId))
    .orderBy(sql`${promotions.active} desc`, asc(promotions.name), asc(promotions.id));
  return rows.map((r) => toPromotion(r.row, r));
}

export async function findPromotion(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .select({ row: promotions, ...givenColumns })
    .from(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, id)));
  return row;
}

/**
 * Whether `id` is one of the business's promotions (a message may announce it), held against deletion until the
 * caller's transaction ends (a key-share lock, what the message's foreign key would take).
 */
export async function isOwnPromotion(tx: Queries, tenantId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, id)))
    .for('key share');
  return row !== undefined;
}

export async function countPromotions(db: Queries, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(promotions).where(eq(promotions.tenantId, tenantId));
  return row?.n ?? 0;
}

export async function insertPromotion(db: Queries, tenantId: string, body: PromotionBody): Promise<PromotionRow> {
  const [row] = await db
    .insert(promotions)
    .values({ id: randomUUID(), tenantId, ...columnsOf(body) })
    .returning();
  if (!row) throw new Error('promotion insert returned no row');
  return row;
}

export async function updatePromotion(db: Queries, tenantId: string, id: string, body: PromotionBody) {
  const [row] = await db
    .update(promotions)
    .set({ ...columnsOf(body), updatedAt: sql`now()` })
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, id)))
    .returning();
  return row;
}

export async function deletePromotion(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .delete(promotions)
    .where(and(eq(promotions.tenantId, tenantId), eq(promotions.id, id)))
    .returning();
  return row;
}

export async function tenantTierIds(db: Queries, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.tenantId, tenantId), inArray(membershipTiers.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** The business's wall clock at `at` (SQL), from its time zone (UTC for none). */
const localTime = (at: ReturnType<typeof sql>) =>
  sql`(${at} at time zone coalesce((select t.time_zone from tenants t where t.id = ${promotions.tenantId}), 'UTC'))`;

const liveStatement = preparedStatements((db: Queries, shape: string) => {
  const at = shape === 'at' ? sql`${sql.placeholder('at')}::timestamptz` : sql`now()`;
  const local = localTime(at);
  return db
    .select({
      id: promotions.id,
      name: promotions.name,
      nameZh: promotions.nameZh,
      nameCn: promotions.nameCn,
      kind: promotions.kind,
      factor: promotions.factor,
      bonusPoints: promotions.bonusPoints,
      minAmount: promotions.minAmount,
      days: promotions.days,
      fromTime: promotions.fromTime,
      toTime: promotions.toTime,
      validFrom: promotions.validFrom,
      validTo: promotions.validTo,
      tierIds: promotions.tierIds,
      branchIds: promotions.branchIds,
      perMemberLimit: promotions.perMemberLimit,
      dow: sql<number>`extract(isodow from ${local})::int`.mapWith(Number),
      minute: sql<number>`(extract(hour from ${local}) * 60 + extract(minute from ${local}))::int`.mapWith(Number),
      atMs: sql<number>`(extract(epoch from ${at}) * 1000)::float8`.mapWith(Number),
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.tenantId, sql.placeholder('tenantId')),
        eq(promotions.active, true),
        sql`(${promotions.validFrom} is null or ${promotions.validFrom} <= ${at})`,
        sql`(${promotions.validTo} is null or ${at} < ${promotions.validTo})`,
      ),
    )
    .orderBy(asc(promotions.createdAt), asc(promotions.id))
    .prepare(`promotions_live_${shape || 'now'}`);
});

/** An active promotion in force at the moment it was read, with the business's wall clock then. */
export type LivePromotion = Awaited<ReturnType<ReturnType<typeof liveStatement>['execute']>>[number];

/**
 * The promotions active and within their dates now (the transaction's clock: the purchase's own time), or at
 * `at`, each row carrying the business's weekday and minute of the day at that instant. None: no rows.
 */
export function livePromotions(db: Queries, tenantId: string, at?: Date): Promise<LivePromotion[]> {
  return liveStatement(db, at ? 'at' : '').execute({ tenantId, at: at?.toISOString() });
}

/** How often the member benefited from each of these promotions, on purchases not reversed. */
export async function usesOf(db: Queries, tenantId: string, memberId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: promotionAwards.promotionId, n: count() })
    .from(promotionAwards)
    .where(
      and(
        eq(promotionAwards.tenantId, tenantId),
        inArray(promotionAwards.promotionId, ids),
        eq(promotionAwards.memberId, memberId),
        sql`not exists (select 1 from points_ledger r where r.tenant_id = ${promotionAwards.tenantId}
          and r.reverses_id = ${promotionAwards.entryId})`,
      ),
    )
    .groupBy(promotionAwards.promotionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Records what each promotion gave a PURCHASE entry (after the entry: the award names it). */
export function insertAwards(
  db: Queries,
  values: {
    tenantId: string;
    entryId: string;
    memberId: string;
    createdAt: Date;
    awards: { id: string; points: number }[];
  },
) {
  return db.insert(promotionAwards).values(
    values.awards.map((a) => ({
      tenantId: values.tenantId,
      entryId: values.entryId,
      promotionId: a.id,
      memberId: values.memberId,
      points: a.points,
      createdAt: values.createdAt,
    })),
  );
}

/** The member's tier now (undefined: no such member of the tenant). */
export async function memberTier(db: Queries, tenantId: string, memberId: string) {
  const [row] = await db
    .select({ tierId: members.tierId })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row;
}
