import type { EarnTerms, MemberRow, MemberStatus, RedeemTerms } from '@loyalty/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queries } from '../../db/client';
import {
  memberCodeCounters,
  memberCounts,
  memberSearchText,
  members,
  membershipTiers,
  pointsConversionSettings,
  pointsLedger,
  pointsLots,
} from '../../db/schema';
import { centsToNumber, type Rates, type TierRange, toCents } from './engine';
import { fromAnchor, listOrder, type Seek } from './page-anchors';

export type Db = Queries;

/**
 * Points in lots past their expiry that no write has turned into EXPIRE entries yet; the stored balance
 * less this is what the member can spend, so list, detail and dashboard agree without waiting for a job.
 */
export const pendingExpiry = sql<number>`coalesce((select sum(${pointsLots.remaining}) from ${pointsLots}
  where ${pointsLots.tenantId} = ${members.tenantId} and ${pointsLots.memberId} = ${members.id}
  and ${pointsLots.remaining} > 0 and ${pointsLots.expiresAt} <= now()), 0)::int`;

export const spendableColumn = sql<number>`(${members.pointsBalance} - ${pendingExpiry})::int`.mapWith(Number);

const rowColumns = {
  userId: members.id,
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  phone: members.phone,
  membershipCode: members.membershipCode,
  membershipLevelName: membershipTiers.name,
  tierId: members.tierId,
  pointsBalance: spendableColumn,
  status: members.status,
  createdAt: members.createdAt,
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ListParams = { page: number; size: number; search?: string; tierId?: string; status?: MemberStatus };

function listWhere(tenantId: string, params: ListParams): SQL {
  const conditions: SQL[] = [eq(members.tenantId, tenantId)];
  const text = params.search?.trim();
  // The exact expression of the trigram index, so the planner can use it rather than read every member.
  if (text) conditions.push(sql`${memberSearchText(members)} ilike ${likePattern(text)}`);
  if (params.tierId) conditions.push(eq(members.tierId, params.tierId));
  if (params.status) conditions.push(eq(members.status, params.status));
  return and(...conditions) as SQL;
}

type RawRow = Omit<MemberRow, 'createdAt'> & { createdAt: Date };
const toRow = (row: RawRow): MemberRow => ({ ...row, createdAt: row.createdAt.toISOString() });

const isUnfiltered = (params: ListParams) => !params.search?.trim() && !params.tierId && !params.status;

/** The unfiltered total is the trigger-kept counter (one row); a filtered one is counted on its index. */
async function countMembers(db: Db, tenantId: string, params: ListParams, where: SQL, known?: number) {
  if (isUnfiltered(params)) {
    if (known !== undefined) return known;
    const [row] = await db
      .select({ total: memberCounts.total })
      .from(memberCounts)
      .where(eq(memberCounts.tenantId, tenantId));
    return row?.total ?? 0;
  }
  const [totals] = await db.select({ total: count() }).from(members).where(where);
  return totals?.total ?? 0;
}

/**
 * One page, newest first. Deferred join (DESIGN §6): the ids of the page come from the
 * (tenant_id, created_at desc, id desc) index alone, then only those rows are read. A deep page of the
 * unfiltered list starts from its anchor (page-anchors.ts) when the caller has one; otherwise, past the
 * middle, the ids are read from the other end and flipped, so the last page costs what the first does.
 */
export async function listMembers(
  db: Db,
  tenantId: string,
  params: ListParams,
  known: { total?: number; seek?: (offset: number) => Promise<Seek | undefined> } = {},
) {
  const where = listWhere(tenantId, params);
  const total = await countMembers(db, tenantId, params, where, known.total);
  const offset = params.page * params.size;
  if (offset >= total) return { rows: [] as MemberRow[], total };
  const limit = Math.min(params.size, total - offset);
  const seek = isUnfiltered(params) ? await known.seek?.(offset) : undefined;
  const reverse = !seek && offset > total / 2;
  const order = reverse ? asc : desc;
  const ids = db
    .select({ id: members.id })
    .from(members)
    .where(seek ? and(where, fromAnchor(seek.anchor)) : where)
    .orderBy(order(members.createdAt), order(members.id))
    .limit(limit)
    .offset(seek ? seek.skip : reverse ? total - offset - limit : offset)
    .as('page_ids');
  const rows = await db
    .select(rowColumns)
    .from(ids)
    .innerJoin(members, eq(members.id, ids.id))
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .orderBy(...listOrder);
  return { rows: rows.map(toRow), total };
}

/**
 * When (epoch ms) the first of these members' unspent points expire, if any ever do. Points that expired
 * in the last few seconds count too (a time already past): one that passed between the page's query and
 * this one must still end the page at once.
 */
export async function soonestExpiry(db: Db, tenantId: string, memberIds: string[]): Promise<number | undefined> {
  if (!memberIds.length) return undefined;
  const [row] = await db
    .select({
      at: sql<number | null>`(extract(epoch from min(${pointsLots.expiresAt})) * 1000)::float8`.mapWith(Number),
    })
    .from(pointsLots)
    .where(
      and(
        eq(pointsLots.tenantId, tenantId),
        inArray(pointsLots.memberId, memberIds),
        sql`${pointsLots.remaining} > 0 and ${pointsLots.expiresAt} > now() - interval '5 seconds'`,
      ),
    );
  return row?.at ?? undefined;
}

export async function findMemberRow(db: Db, tenantId: string, id: string) {
  return findMemberRowWhere(db, tenantId, eq(members.id, id));
}

/** By membership code in any letter case: the exact expression of the index members_tenant_code_lower_key. */
export async function findMemberRowByCode(db: Db, tenantId: string, code: string) {
  return findMemberRowWhere(db, tenantId, sql`lower(${members.membershipCode}) = lower(${code.trim()})`);
}

/** By phone as stored (international format); `<> ''` lets the partial index members_tenant_phone_key serve it. */
export async function findMemberRowByPhone(db: Db, tenantId: string, phone: string) {
  return findMemberRowWhere(db, tenantId, sql`${members.phone} = ${phone} and ${members.phone} <> ''`);
}

/**
 * The next points to expire, read with the member's row (one statement, so a detail costs one round trip
 * less): the soonest expiry still ahead and how many points expire then, as epoch ms and points.
 */
const expiringNextColumn = sql<{ points: number; at: number } | null>`(select json_build_object(
    'points', sum(${pointsLots.remaining}), 'at', extract(epoch from ${pointsLots.expiresAt}) * 1000)
  from ${pointsLots} where ${pointsLots.tenantId} = ${members.tenantId} and ${pointsLots.memberId} = ${members.id}
  and ${pointsLots.remaining} > 0 and ${pointsLots.expiresAt} > now()
  group by ${pointsLots.expiresAt} order by ${pointsLots.expiresAt} limit 1)`;

async function findMemberRowWhere(db: Db, tenantId: string, condition: SQL) {
  const [row] = await db
    .select({
      ...rowColumns,
      tierPinned: members.tierPinned,
      lifetimeSpend: members.lifetimeSpend,
      tierColor: membershipTiers.color,
      expiringNext: expiringNextColumn,
    })
    .from(members)
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(and(eq(members.tenantId, tenantId), condition))
    .limit(1);
  if (!row) return undefined;
  const { expiringNext: next, ...rest } = row;
  return {
    ...rest,
    createdAt: row.createdAt.toISOString(),
    expiringNext: next && { points: Number(next.points), expiresAt: new Date(Number(next.at)).toISOString() },
  };
}

export type TierRow = TierRange & { color: string };

/** This tenant's tiers, read with our own SQL (the tiers screen owns the writes). */
export async function loadTiers(db: Db, tenantId: string): Promise<TierRow[]> {
  const rows = await db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      color: membershipTiers.color,
      min: membershipTiers.minSpendAmount,
      max: membershipTiers.maxSpendAmount,
      isActive: membershipTiers.isActive,
    })
    .from(membershipTiers)
    .where(eq(membershipTiers.tenantId, tenantId));
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    color: t.color,
    isActive: t.isActive,
    minCents: t.min === null ? 0n : toCents(t.min),
    maxCents: t.max === null ? null : toCents(t.max),
  }));
}

export async function loadRates(db: Db, tenantId: string): Promise<Rates | null> {
  const [s] = await db
    .select()
    .from(pointsConversionSettings)
    .where(eq(pointsConversionSettings.tenantId, tenantId))
    .limit(1);
  if (!s) return null;
  return {
    earnRateAmountCents: toCents(s.earnRateAmount),
    earnRatePoints: s.earnRatePoints,
    redeemRatePoints: s.redeemRatePoints,
    redeemRateAmountCents: toCents(s.redeemRateAmount),
    minimumRedemption: s.minimumRedemption,
    maximumRedemption: s.maximumRedemption,
    expiryType: s.expiryType,
    pointsExpiryDays: s.pointsExpiryDays,
    pointsExpiryDate: s.pointsExpiryDate,
    isActive: s.isActive,
  };
}

export const redeemTerms = (rates: Rates | null): RedeemTerms | null =>
  rates && {
    isActive: rates.isActive,
    redeemRatePoints: rates.redeemRatePoints,
    redeemRateAmount: centsToNumber(rates.redeemRateAmountCents),
    minimumRedemption: rates.minimumRedemption,
    maximumRedemption: rates.maximumRedemption,
  };

export const earnTerms = (rates: Rates | null): EarnTerms | null =>
  rates && {
    isActive: rates.isActive,
    earnRateAmount: centsToNumber(rates.earnRateAmountCents),
    earnRatePoints: rates.earnRatePoints,
  };

/** The next membership code of the tenant; the counter only grows, so a deleted member's code never returns. */
export async function nextMembershipCode(db: Db, tenantId: string): Promise<string> {
  const [row] = await db
    .insert(memberCodeCounters)
    .values({ tenantId, lastValue: 1 })
    .onConflictDoUpdate({
      target: memberCodeCounters.tenantId,
      set: { lastValue: sql`${memberCodeCounters.lastValue} + 1` },
    })
    .returning({ last_value: memberCodeCounters.lastValue });
  return `M${String(row?.last_value ?? 1).padStart(6, '0')}`;
}

/** Which of e-mail and phone another member of the tenant already holds. */
export async function takenContacts(
  db: Db,
  tenantId: string,
  email: string | null,
  phone: string,
  exceptId?: string,
): Promise<{ email: boolean; phone: boolean }> {
  const other = exceptId ? sql`and ${members.id} <> ${exceptId}` : sql``;
  const [row] = await db
    .select({
      email: sql<boolean>`coalesce(bool_or(lower(${members.email}) = lower(${email})), false)`,
      phone: sql<boolean>`coalesce(bool_or(${members.phone} = ${phone} and ${phone} <> ''), false)`,
    })
    .from(members)
    .where(
      sql`${members.tenantId} = ${tenantId} ${other} and (lower(${members.email}) = lower(${email}) or (${members.phone} = ${phone} and ${phone} <> ''))`,
    );
  return { email: !!row?.email, phone: !!row?.phone };
}

/** A reversal of the entry, joined by the unique index points_ledger_reverses_key. */
const reversal = alias(pointsLedger, 'reversal');

export async function listLedger(db: Db, tenantId: string, memberId: string, page: number, size: number) {
  const where = and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.memberId, memberId));
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(pointsLedger).where(where),
    db
      .select({
        id: pointsLedger.id,
        type: pointsLedger.type,
        points: pointsLedger.points,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        createdAt: pointsLedger.createdAt,
        reversesId: pointsLedger.reversesId,
        reversedById: reversal.id,
      })
      .from(pointsLedger)
      .leftJoin(reversal, and(eq(reversal.tenantId, pointsLedger.tenantId), eq(reversal.reversesId, pointsLedger.id)))
      .where(where)
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(size)
      .offset(page * size),
  ]);
  return { rows: rows.map(toEntry), total: totals[0]?.total ?? 0 };
}

/**
 * One entry of the member with what a reversal decides on: whether it is within the window (on the
 * database's clock) and the reversal that already undid it, if any.
 */
export async function findEntryToReverse(db: Db, tenantId: string, memberId: string, id: string, minutes: number) {
  const [row] = await db
    .select({
      type: pointsLedger.type,
      points: pointsLedger.points,
      amount: pointsLedger.amount,
      lotTakes: pointsLedger.lotTakes,
      inWindow: sql<boolean>`${pointsLedger.createdAt} > now() - make_interval(mins => ${minutes})`,
      reversedById: reversal.id,
    })
    .from(pointsLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, pointsLedger.tenantId), eq(reversal.reversesId, pointsLedger.id)))
    .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.memberId, memberId), eq(pointsLedger.id, id)));
  return row;
}

export type StoredEntry = {
  id: string;
  type: (typeof pointsLedger.$inferSelect)['type'];
  points: number;
  amount: string | null;
  reason: string | null;
  createdAt: Date;
  reversesId: string | null;
  reversedById?: string | null;
};
export const toEntry = (e: StoredEntry) => ({
  id: e.id,
  type: e.type,
  points: e.points,
  amount: e.amount === null ? null : Number(e.amount),
  reason: e.reason,
  createdAt: e.createdAt.toISOString(),
  reversesId: e.reversesId,
  reversedById: e.reversedById ?? null,
});
