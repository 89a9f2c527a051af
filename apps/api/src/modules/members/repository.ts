import type { EarnTerms, MemberRow, MemberStatus, RedeemTerms } from '@loyalty/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { genericPlans, type Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
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
import { anchorPlaceholders, fromAnchor, listOrder, type Seek } from './page-anchors';
import { loadTierNames, type TierNames, type TierNamesById } from './tier-names';

/**
 * Points in lots past their expiry that no write has turned into EXPIRE entries yet; the stored balance
 * less this is what the member can spend, so list, detail and dashboard agree without waiting for a job.
 */
const pendingExpiry = sql<number>`coalesce((select sum(${pointsLots.remaining}) from ${pointsLots}
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
  membershipLevelNameZh: membershipTiers.nameZh,
  membershipLevelNameCn: membershipTiers.nameCn,
  tierId: members.tierId,
  pointsBalance: spendableColumn,
  status: members.status,
  createdAt: members.createdAt,
  homeBranchId: members.homeBranchId,
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type ListParams = {
  page: number;
  size: number;
  search?: string;
  tierId?: string;
  status?: MemberStatus;
  branchId?: string;
};

/** Which filters a list read has: the shape of its statements (the values are placeholders). */
type Filters = { search?: string; tierId?: string; status?: MemberStatus; branchId?: string };
const filtersOf = (params: ListParams): Filters => ({
  search: params.search?.trim() || undefined,
  tierId: params.tierId || undefined,
  status: params.status,
  branchId: params.branchId || undefined,
});
const filterShape = (f: Filters) =>
  `${f.search ? 's' : ''}${f.tierId ? 't' : ''}${f.status ? 'a' : ''}${f.branchId ? 'b' : ''}`;
const filterValues = (tenantId: string, f: Filters) => ({
  tenantId,
  pattern: f.search ? likePattern(f.search) : null,
  tierId: f.tierId ?? null,
  status: f.status ?? null,
  branchId: f.branchId ?? null,
});

function listWhere(shape: string, from: 'head' | 'anchor' | 'tail' = 'head'): SQL {
  const conditions: SQL[] = [eq(members.tenantId, sql.placeholder('tenantId'))];
  // The exact expression of the trigram index, so the planner can use it rather than read every member.
  if (shape.includes('s')) conditions.push(sql`${memberSearchText(members)} ilike ${sql.placeholder('pattern')}`);
  if (shape.includes('t')) conditions.push(eq(members.tierId, sql.placeholder('tierId')));
  if (shape.includes('a')) conditions.push(eq(members.status, sql.placeholder('status')));
  // The members whose home branch it is (docs/design.md §10; members_tenant_home_branch_idx).
  if (shape.includes('b')) conditions.push(eq(members.homeBranchId, sql.placeholder('branchId')));
  if (from === 'anchor') conditions.push(fromAnchor(anchorPlaceholders));
  return and(...conditions) as SQL;
}

/**
 * A page member's unspent lots, read once (one index scan per row, where a column each took two): the points
 * past their expiry that no write has turned into EXPIRE entries yet, and when (epoch ms) the first of the
 * rest expire (the page ends then: its balances change).
 */
const pageLots = (db: Queries) =>
  db
    .select({
      pending:
        sql<number>`coalesce(sum(${pointsLots.remaining}) filter (where ${pointsLots.expiresAt} <= now()), 0)::int`.as(
          'lots_pending',
        ),
      nextExpiry: sql<
        number | null
      >`(extract(epoch from min(${pointsLots.expiresAt}) filter (where ${pointsLots.expiresAt} > now())) * 1000)::float8`.as(
        'lots_next_expiry',
      ),
    })
    .from(pointsLots)
    .where(
      sql`${pointsLots.tenantId} = ${members.tenantId} and ${pointsLots.memberId} = ${members.id} and ${pointsLots.remaining} > 0`,
    )
    .as('page_lots');

/**
 * One page, newest first. Deferred join (docs/design.md §6): the ids of the page come from the
 * (tenant_id, created_at desc, id desc) index alone, then only those rows are read. `from` is where the
 * walk starts: the newest member, a page anchor, or the oldest member (read backwards, then flipped).
 */
const pageStatement = preparedStatements((db: Queries, shape: string) => {
  const [filters, from] = shape.split(':') as [string, 'head' | 'anchor' | 'tail'];
  const order = from === 'tail' ? asc : desc;
  const ids = db
    .select({ id: members.id })
    .from(members)
    .where(listWhere(filters, from))
    .orderBy(order(members.createdAt), order(members.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page_ids');
  const lots = pageLots(db);
  // No tier join: the rows' tier names come from the tier-name cache (tier-names.ts).
  return db
    .select({
      userId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      email: members.email,
      phone: members.phone,
      membershipCode: members.membershipCode,
      tierId: members.tierId,
      pointsBalance: sql<number>`(${members.pointsBalance} - ${lots.pending})::int`.mapWith(Number),
      status: members.status,
      createdAt: members.createdAt,
      homeBranchId: members.homeBranchId,
      nextExpiry: sql<number | null>`${lots.nextExpiry}`.mapWith(Number),
    })
    .from(ids)
    .innerJoin(members, eq(members.id, ids.id))
    .leftJoinLateral(lots, sql`true`)
    .orderBy(...listOrder)
    .prepare(`members_page_${filters}_${from}`);
});

/** A filtered total, counted on the filters' indexes; the unfiltered one is the trigger-kept counter. */
const countStatement = preparedStatements((db: Queries, shape: string) =>
  shape
    ? db.select({ total: count() }).from(members).where(listWhere(shape)).prepare(`members_count_${shape}`)
    : db
        .select({ total: memberCounts.total })
        .from(memberCounts)
        .where(eq(memberCounts.tenantId, sql.placeholder('tenantId')))
        .prepare('members_count'),
);

type RawRow = Omit<MemberRow, 'createdAt'> & { createdAt: Date; nextExpiry: number | null };
type PageRow = Awaited<ReturnType<ReturnType<typeof pageStatement>['execute']>>[number];

/** A list row in the contract's key order; the tier's Chinese names are left out (undefined) when it has none. */
const listRow = (r: PageRow, tier: TierNames | undefined): MemberRow => ({
  userId: r.userId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  membershipCode: r.membershipCode,
  membershipLevelName: tier?.name ?? null,
  membershipLevelNameZh: tier?.nameZh || undefined,
  membershipLevelNameCn: tier?.nameCn || undefined,
  tierId: r.tierId,
  pointsBalance: r.pointsBalance,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  // Only where there is one, so the rows of a business without branches keep the spec's shape.
  ...(r.homeBranchId ? { homeBranchId: r.homeBranchId } : {}),
});

/**
 * One page, newest first, its total, and when (epoch ms) it goes stale because the first of its points
 * expire (the balances shown leave expired points out, and expiring writes nothing). A deep page of the
 * unfiltered list starts from its anchor (page-anchors.ts) when the caller has one; otherwise, past the
 * middle, the ids are read from the other end, so the last page costs what the first does.
 */
export async function listMembers(
  db: Queries,
  tenantId: string,
  params: ListParams,
  known: {
    total?: number;
    seek?: (offset: number) => Promise<Seek | undefined>;
    tierNames?: () => Promise<TierNamesById>;
  } = {},
): Promise<{ rows: MemberRow[]; total: number; staleAt?: number }> {
  const filters = filtersOf(params);
  const shape = filterShape(filters);
  const values = filterValues(tenantId, filters);
  // Without a search the best plan is the same for every value: planned once (db/postgres-pools.ts).
  const reader = filters.search ? db : genericPlans(db);
  let total = shape ? undefined : known.total;
  if (total === undefined) total = (await countStatement(reader, shape).execute(values))[0]?.total ?? 0;
  const offset = params.page * params.size;
  if (offset >= total) return { rows: [], total };
  const limit = Math.min(params.size, total - offset);
  const seek = shape ? undefined : await known.seek?.(offset);
  const from = seek ? 'anchor' : offset > total / 2 ? 'tail' : 'head';
  const [raw, cachedNames] = await Promise.all([
    pageStatement(reader, `${shape}:${from}`).execute({
      ...values,
      anchorAt: seek?.anchor.createdAt ?? null,
      anchorId: seek?.anchor.id ?? null,
      limit,
      offset: seek ? seek.skip : from === 'tail' ? total - offset - limit : offset,
    }),
    known.tierNames ? known.tierNames() : loadTierNames(db, tenantId),
  ]);
  // A tier made after the names were read (a write racing this read): read them again rather than show none.
  const names = raw.some((r) => r.tierId !== null && !cachedNames.has(r.tierId))
    ? await loadTierNames(db, tenantId)
    : cachedNames;
  let staleAt: number | undefined;
  const rows = raw.map((r) => {
    if (r.nextExpiry !== null && !(staleAt !== undefined && staleAt <= r.nextExpiry)) staleAt = r.nextExpiry;
    return listRow(r, r.tierId === null ? undefined : names.get(r.tierId));
  });
  return { rows, total, staleAt };
}

export async function findMemberRow(db: Queries, tenantId: string, id: string) {
  return findMemberRowWhere(db, 'id', { tenantId, value: id });
}

/** By membership code in any letter case: the exact expression of the index members_tenant_code_lower_key. */
export async function findMemberRowByCode(db: Queries, tenantId: string, code: string) {
  return findMemberRowWhere(db, 'code', { tenantId, value: code.trim() });
}

/** By phone as stored (international format); `<> ''` lets the partial index members_tenant_phone_key serve it. */
export async function findMemberRowByPhone(db: Queries, tenantId: string, phone: string) {
  return findMemberRowWhere(db, 'phone', { tenantId, value: phone });
}

/** How a member row is found: by id, by code (any case) or by phone; each a statement prepared once. */
const memberRowCondition: Record<string, SQL> = {
  id: sql`${members.id} = ${sql.placeholder('value')}`,
  code: sql`lower(${members.membershipCode}) = lower(${sql.placeholder('value')})`,
  phone: sql`${members.phone} = ${sql.placeholder('value')} and ${members.phone} <> ''`,
};

/**
 * The next points to expire, read with the member's row (one statement, so a detail costs one round trip
 * less): the soonest expiry still ahead and how many points expire then, as epoch ms and points.
 */
const expiringNextColumn = sql<{ points: number; at: number } | null>`(select json_build_object(
    'points', sum(${pointsLots.remaining}), 'at', extract(epoch from ${pointsLots.expiresAt}) * 1000)
  from ${pointsLots} where ${pointsLots.tenantId} = ${members.tenantId} and ${pointsLots.memberId} = ${members.id}
  and ${pointsLots.remaining} > 0 and ${pointsLots.expiresAt} > now()
  group by ${pointsLots.expiresAt} order by ${pointsLots.expiresAt} limit 1)`;

const memberRowStatement = preparedStatements((db: Queries, by: string) =>
  db
    .select({
      ...rowColumns,
      tierPinned: members.tierPinned,
      lifetimeSpend: members.lifetimeSpend,
      tierColor: membershipTiers.color,
      expiringNext: expiringNextColumn,
    })
    .from(members)
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(and(eq(members.tenantId, sql.placeholder('tenantId')), memberRowCondition[by]))
    .limit(1)
    .prepare(`member_row_${by}`),
);

async function findMemberRowWhere(
  db: Queries,
  by: 'id' | 'code' | 'phone',
  values: { tenantId: string; value: string },
) {
  const [row] = await memberRowStatement(db, by).execute(values);
  if (!row) return undefined;
  const { expiringNext: next, ...rest } = row;
  return withChineseNames({
    ...rest,
    createdAt: row.createdAt.toISOString(),
    expiringNext: next && { points: Number(next.points), expiresAt: new Date(Number(next.at)).toISOString() },
  });
}

type ChineseNames = { membershipLevelNameZh?: string | null; membershipLevelNameCn?: string | null };

/** The tier's Chinese names only when it has them: rows of tiers without them keep the spec's shape. */
function withChineseNames<T extends ChineseNames & { homeBranchId?: string | null }>(row: T): T {
  const { membershipLevelNameZh: zh, membershipLevelNameCn: cn, homeBranchId: home, ...rest } = row;
  return {
    ...rest,
    ...(zh ? { membershipLevelNameZh: zh } : {}),
    ...(cn ? { membershipLevelNameCn: cn } : {}),
    // A home branch only where there is one, as the list's rows (docs/design.md §10).
    ...(home ? { homeBranchId: home } : {}),
  } as T;
}

export type TierRow = TierRange & { color: string; nameZh: string | null; nameCn: string | null };

const tiersStatement = preparedStatements((db: Queries) =>
  db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      nameZh: membershipTiers.nameZh,
      nameCn: membershipTiers.nameCn,
      color: membershipTiers.color,
      min: membershipTiers.minSpendAmount,
      max: membershipTiers.maxSpendAmount,
      isActive: membershipTiers.isActive,
    })
    .from(membershipTiers)
    .where(eq(membershipTiers.tenantId, sql.placeholder('tenantId')))
    .prepare('member_tiers'),
);

/** This tenant's tiers, read with our own SQL (the tiers screen owns the writes). */
export async function loadTiers(db: Queries, tenantId: string): Promise<TierRow[]> {
  const rows = await tiersStatement(db).execute({ tenantId });
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    nameZh: t.nameZh,
    nameCn: t.nameCn,
    color: t.color,
    isActive: t.isActive,
    minCents: t.min === null ? 0n : toCents(t.min),
    maxCents: t.max === null ? null : toCents(t.max),
  }));
}

const ratesStatement = preparedStatements((db: Queries) =>
  db
    .select()
    .from(pointsConversionSettings)
    .where(eq(pointsConversionSettings.tenantId, sql.placeholder('tenantId')))
    .limit(1)
    .prepare('member_rates'),
);

export async function loadRates(db: Queries, tenantId: string): Promise<Rates | null> {
  const [s] = await ratesStatement(db).execute({ tenantId });
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
    limits: {
      refundWindowDays: s.refundWindowDays,
      maxPointsPerPurchase: s.maxPointsPerPurchase,
      maxPurchasesPerMemberPerDay: s.maxPurchasesPerMemberPerDay,
      staffMaxPurchaseCents: s.staffMaxPurchaseAmount === null ? null : toCents(s.staffMaxPurchaseAmount),
    },
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
export async function nextMembershipCode(db: Queries, tenantId: string): Promise<string> {
  const [row] = await db
    .insert(memberCodeCounters)
    .values({ tenantId, lastValue: 1 })
    .onConflictDoUpdate({
      target: memberCodeCounters.tenantId,
      set: { lastValue: sql`${memberCodeCounters.lastValue} + 1` },
    })
    .returning({ last_value: memberCodeCounters.lastValue });
  return membershipCodeOf(row?.last_value ?? 1);
}

const membershipCodeOf = (n: number) => `M${String(n).padStart(6, '0')}`;

/** Which of e-mail and phone another member of the tenant already holds. */
export async function takenContacts(
  db: Queries,
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

/** On a PURCHASE: the amount its REFUND entries gave back so far (points_ledger_refunds_idx); null otherwise. */
const refundedSoFar = sql<string | null>`case when ${pointsLedger.type} = 'PURCHASE' then (select sum(r.amount)
  from points_ledger r where r.refunds_id = ${pointsLedger.id}) end`;

/** An entry's order: a purchase's own, or on a REFUND the order of the purchase it gives back (by primary key). */
const orderOfEntry = sql<string | null>`coalesce(${pointsLedger.orderId}, (select p.order_id from points_ledger p
  where p.id = ${pointsLedger.refundsId} and p.tenant_id = ${pointsLedger.tenantId}))`;

/**
 * On a reward's entries (REWARD_REDEEMED, REWARD_CANCELLED): the reward, by the redemption the entry made or
 * cancelled (its unique ledger key, or its reversal), with its names in every language; a reward deleted since
 * keeps the name it was redeemed under.
 */
const rewardOfEntry = sql<{ id: string | null; name: string; nameZh: string | null; nameCn: string | null } | null>`(
  select json_build_object('id', rr.reward_id, 'name', coalesce(rw.name, rr.reward_name), 'nameZh', rw.name_zh,
    'nameCn', rw.name_cn)
  from reward_redemptions rr left join rewards rw on rw.id = rr.reward_id
  where ${pointsLedger.reasonCode} in ('REWARD_REDEEMED', 'REWARD_CANCELLED')
    and (rr.ledger_id = ${pointsLedger.id} or rr.reversal_id = ${pointsLedger.id})
  limit 1)`;

export async function listLedger(
  db: Queries,
  tenantId: string,
  memberId: string,
  page: number,
  size: number,
  branchId?: string,
) {
  const where = and(
    eq(pointsLedger.tenantId, tenantId),
    eq(pointsLedger.memberId, memberId),
    branchId ? eq(pointsLedger.branchId, branchId) : undefined,
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(pointsLedger).where(where),
    db
      .select({
        id: pointsLedger.id,
        type: pointsLedger.type,
        points: pointsLedger.points,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        reasonCode: pointsLedger.reasonCode,
        reward: rewardOfEntry,
        createdAt: pointsLedger.createdAt,
        reversesId: pointsLedger.reversesId,
        reversedById: reversal.id,
        orderId: orderOfEntry,
        note: pointsLedger.note,
        refundsId: pointsLedger.refundsId,
        refundedAmount: refundedSoFar,
        branchId: pointsLedger.branchId,
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
export async function findEntryToReverse(db: Queries, tenantId: string, memberId: string, id: string, minutes: number) {
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

type StoredEntry = {
  id: string;
  type: (typeof pointsLedger.$inferSelect)['type'];
  points: number;
  amount: string | null;
  reason: string | null;
  reasonCode?: string | null;
  reward?: { id: string | null; name: string; nameZh: string | null; nameCn: string | null } | null;
  createdAt: Date;
  reversesId: string | null;
  reversedById?: string | null;
  orderId?: string | null;
  note?: string | null;
  refundsId?: string | null;
  refundedAmount?: string | null;
  branchId?: string | null;
};
export const toEntry = (e: StoredEntry) => ({
  id: e.id,
  type: e.type,
  points: e.points,
  amount: e.amount === null ? null : Number(e.amount),
  reason: e.reason,
  reasonCode: e.reasonCode ?? null,
  ...(e.reward ? { reward: typeof e.reward === 'string' ? JSON.parse(e.reward) : e.reward } : {}),
  createdAt: e.createdAt.toISOString(),
  reversesId: e.reversesId,
  reversedById: e.reversedById ?? null,
  // Only where they say something, so entries without an order, a note or a refund read as before.
  ...(e.orderId ? { orderId: e.orderId } : {}),
  ...(e.note ? { note: e.note } : {}),
  ...(e.refundsId ? { refundsId: e.refundsId } : {}),
  ...(e.refundedAmount ? { refundedAmount: Number(e.refundedAmount) } : {}),
  ...(e.branchId ? { branchId: e.branchId } : {}),
});

/** A member as the export writes it: the list's row, lifetime spend, and its sort key for the next chunk. */
const exportStatement = preparedStatements((db: Queries, shape: string) => {
  const [filters, from] = shape.split(':') as [string, 'head' | 'after'];
  const after = sql`(${members.createdAt}, ${members.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})`;
  return db
    .select({
      ...rowColumns,
      lifetimeSpend: members.lifetimeSpend,
      sortAt: sql<string>`${members.createdAt}::text`,
    })
    .from(members)
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(from === 'after' ? and(listWhere(filters), after) : listWhere(filters))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .prepare(`members_export_${filters}_${from}`);
});

export type ExportedMember = Omit<RawRow, 'nextExpiry'> & { lifetimeSpend: string; sortAt: string };

/**
 * The members the list shows for these filters, in its order, a chunk at a time: each chunk one index range
 * after the last key of the one before (keyset, on both engines), so memory holds one chunk whatever the
 * tenant's size and no transaction or connection stays open while a slow client downloads.
 */
export async function* exportMembers(
  db: Queries,
  tenantId: string,
  params: Omit<ListParams, 'page' | 'size'>,
  chunkSize = 1000,
): AsyncGenerator<ExportedMember[]> {
  const filters = filtersOf({ ...params, page: 0, size: 0 });
  const shape = filterShape(filters);
  const values = filterValues(tenantId, filters);
  let last: ExportedMember | undefined;
  for (;;) {
    const rows: ExportedMember[] = await exportStatement(db, `${shape}:${last ? 'after' : 'head'}`).execute({
      ...values,
      afterAt: last?.sortAt ?? null,
      afterId: last?.userId ?? null,
      limit: chunkSize,
    });
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
    last = rows[rows.length - 1];
  }
}

/** Ledger entries with their member, oldest first, for one member or a time range, a chunk at a time. */
export async function* exportLedger(
  db: Queries,
  tenantId: string,
  scope: { memberId?: string; from?: Date; to?: Date },
  chunkSize = 1000,
) {
  let last: { sortAt: string; id: string } | undefined;
  for (;;) {
    const conditions: SQL[] = [eq(pointsLedger.tenantId, tenantId)];
    if (scope.memberId) conditions.push(eq(pointsLedger.memberId, scope.memberId));
    if (scope.from) conditions.push(sql`${pointsLedger.createdAt} >= ${scope.from.toISOString()}::timestamptz`);
    if (scope.to) conditions.push(sql`${pointsLedger.createdAt} < ${scope.to.toISOString()}::timestamptz`);
    if (last)
      conditions.push(sql`(${pointsLedger.createdAt}, ${pointsLedger.id}) > (${last.sortAt}::timestamptz, ${last.id})`);
    const rows = await db
      .select({
        id: pointsLedger.id,
        createdAt: pointsLedger.createdAt,
        sortAt: sql<string>`${pointsLedger.createdAt}::text`,
        membershipCode: members.membershipCode,
        firstName: members.firstName,
        lastName: members.lastName,
        type: pointsLedger.type,
        points: pointsLedger.points,
        amount: pointsLedger.amount,
        reason: pointsLedger.reason,
        reasonCode: pointsLedger.reasonCode,
        reversesId: pointsLedger.reversesId,
      })
      .from(pointsLedger)
      .innerJoin(members, eq(members.id, pointsLedger.memberId))
      .where(and(...conditions))
      .orderBy(asc(pointsLedger.createdAt), asc(pointsLedger.id))
      .limit(chunkSize);
    if (rows.length) yield rows;
    if (rows.length < chunkSize) return;
    last = rows[rows.length - 1];
  }
}

/** `n` membership codes at once for a bulk insert (an import): the counter moves by n in one statement. */
export async function reserveMembershipCodes(db: Queries, tenantId: string, n: number): Promise<string[]> {
  if (n === 0) return [];
  const [row] = await db
    .insert(memberCodeCounters)
    .values({ tenantId, lastValue: n })
    .onConflictDoUpdate({
      target: memberCodeCounters.tenantId,
      set: { lastValue: sql`${memberCodeCounters.lastValue} + ${n}` },
    })
    .returning({ last_value: memberCodeCounters.lastValue });
  const last = row?.last_value ?? n;
  return Array.from({ length: n }, (_, i) => membershipCodeOf(last - n + 1 + i));
}
