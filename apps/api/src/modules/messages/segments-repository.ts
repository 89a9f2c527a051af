import { randomUUID } from 'node:crypto';
import type { Segment, SegmentFilter, SegmentPreview } from '@loyalty/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members, membershipTiers, segments } from '../../db/schema';
import { spendableColumn } from '../members';
import { reachable, segmentWhere } from './segment-filter';

const SAMPLE_SIZE = 10;

/** How many members the filter holds, how many of them a message would reach, and the first few of them. */
export async function previewSegment(db: Queries, tenantId: string, filter: SegmentFilter): Promise<SegmentPreview> {
  const where = segmentWhere(tenantId, filter);
  const [counts, sample] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        reachable: sql<number>`count(*) filter (where ${reachable})`.mapWith(Number),
      })
      .from(members)
      .where(where),
    db
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        membershipCode: members.membershipCode,
        tierName: membershipTiers.name,
        tierNameZh: membershipTiers.nameZh,
        tierNameCn: membershipTiers.nameCn,
        pointsBalance: spendableColumn,
        language: members.language,
        marketingOptIn: members.marketingOptIn,
      })
      .from(members)
      .leftJoin(membershipTiers, and(eq(membershipTiers.tenantId, tenantId), eq(membershipTiers.id, members.tierId)))
      .where(where)
      .orderBy(sql`${members.createdAt} desc nulls first`, sql`${members.id} desc nulls first`)
      .limit(SAMPLE_SIZE),
  ]);
  return { count: counts[0]?.count ?? 0, reachable: counts[0]?.reachable ?? 0, sample };
}

const asSegment = (row: typeof segments.$inferSelect): Segment => ({
  id: row.id,
  name: row.name,
  filter: row.filter,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function listSegments(db: Queries, tenantId: string): Promise<Segment[]> {
  const rows = await db.select().from(segments).where(eq(segments.tenantId, tenantId)).orderBy(asc(segments.name));
  return rows.map(asSegment);
}

export async function findSegment(db: Queries, tenantId: string, id: string): Promise<Segment | undefined> {
  const [row] = await db
    .select()
    .from(segments)
    .where(and(eq(segments.tenantId, tenantId), eq(segments.id, id)));
  return row && asSegment(row);
}

export async function insertSegment(db: Queries, tenantId: string, input: { name: string; filter: SegmentFilter }) {
  const [row] = await db
    .insert(segments)
    .values({ id: randomUUID(), tenantId, ...input })
    .returning();
  return asSegment(row as typeof segments.$inferSelect);
}

export async function updateSegment(
  db: Queries,
  tenantId: string,
  id: string,
  input: { name: string; filter: SegmentFilter },
) {
  const [row] = await db
    .update(segments)
    .set({ ...input, updatedAt: sql`now()` })
    .where(and(eq(segments.tenantId, tenantId), eq(segments.id, id)))
    .returning();
  return row && asSegment(row);
}

export async function deleteSegment(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .delete(segments)
    .where(and(eq(segments.tenantId, tenantId), eq(segments.id, id)))
    .returning();
  return row && asSegment(row);
}
