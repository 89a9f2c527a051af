import type { MemberRow, MemberStatus } from '@loyalty/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { genericPlans, type Queries } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import {
  memberCodeCounters,
  memberCounts,
  memberSearchText,
  members,
  membershipTiers,
  pointsLots,
} from '../../db/schema';
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
  stamps: members.stamps,
  cardsCompleted: members.cardsCompleted,
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
      stamps: members.stamps,
      cardsCompleted: members.cardsCompleted,
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
  stamps: r.stamps,
  cardsCompleted: r.cardsCompleted,
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
      // The member dialog shows the birthday; the card page the invitation (docs/design.md §10).
      birthday: members.birthday,
      referralCode: members.referralCode,
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

/** A member as the export writes it: the list's row, lifetime spend, and its sort key for the next chunk. */
const exportStatement = preparedStatements((db: Queries, shape: string) => {
  const [filters, from] = shape.split(':') as [string, 'head' | 'after'];
  const after = sql`(${members.createdAt}, ${members.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')})`;
  return db
    .select({
      ...rowColumns,
      lifetimeSpend: members.lifetimeSpend,
      birthday: members.birthday,
      sortAt: sql<string>`${members.createdAt}::text`,
    })
    .from(members)
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(from === 'after' ? and(listWhere(filters), after) : listWhere(filters))
    .orderBy(...listOrder)
    .limit(sql.placeholder('limit'))
    .prepare(`members_export_${filters}_${from}`);
});

export type ExportedMember = Omit<RawRow, 'nextExpiry'> & {
  lifetimeSpend: string;
  birthday: string | null;
  sortAt: string;
};

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
