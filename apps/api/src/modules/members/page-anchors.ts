import { desc, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members } from '../../db/schema';

/**
 * One anchor every STEP members: a deep page then walks at most STEP - 1 index entries past its anchor.
 * At 1,000 that walk (500 entries on average) was a third of a page's execution time on PostgreSQL; at 100
 * it is a few hundredths of a millisecond, and a 100,000-member tenant keeps 1,000 anchors (some 70 KB).
 */
export const ANCHOR_STEP = 100;

/** The sort key of a member, created_at as PostgreSQL's text (microseconds, which a JS Date would lose). */
export type Anchor = { createdAt: string; id: string };
export type Seek = { anchor: Anchor; skip: number };

/** The key of every ANCHOR_STEP-th member of the unfiltered list, newest first: one pass over the index. */
async function loadAnchors(db: Queries, tenantId: string): Promise<Anchor[]> {
  const numbered = db
    .select({
      createdAt: sql<string>`${members.createdAt}::text`.as('anchor_created_at'),
      id: members.id,
      position: sql<number>`row_number() over (order by ${members.createdAt} desc, ${members.id} desc) - 1`.as(
        'anchor_position',
      ),
    })
    .from(members)
    .where(eq(members.tenantId, tenantId))
    .as('numbered');
  return db
    .select({ createdAt: numbered.createdAt, id: numbered.id })
    .from(numbered)
    .where(sql`${numbered.position} % ${ANCHOR_STEP} = 0`)
    .orderBy(numbered.position);
}

/**
 * Page anchors of the unfiltered members list per tenant, kept while its order version (moved by adding or
 * removing members, migration 0005) stands still; edits and purchases do not move positions. An OFFSET
 * walks every index entry before the page (about 15 ms to the middle of 100,000 members); from the nearest
 * anchor any page is a short seek, whatever its number.
 */
export function createAnchorCache(max = 10_000) {
  const byTenant = new Map<string, { orderVersion: number; anchors: Promise<Anchor[]> }>();
  return {
    async seek(db: Queries, tenantId: string, orderVersion: number, offset: number): Promise<Seek | undefined> {
      if (offset < ANCHOR_STEP || orderVersion < 0) return undefined;
      let entry = byTenant.get(tenantId);
      if (!entry || entry.orderVersion !== orderVersion) {
        if (!entry && byTenant.size >= max) byTenant.clear();
        const loaded = { orderVersion, anchors: loadAnchors(db, tenantId) };
        byTenant.set(tenantId, loaded);
        loaded.anchors.catch(() => {
          if (byTenant.get(tenantId) === loaded) byTenant.delete(tenantId);
        });
        entry = loaded;
      }
      const anchors = await entry.anchors;
      const index = Math.floor(offset / ANCHOR_STEP);
      const anchor = anchors[index];
      return anchor ? { anchor, skip: offset - index * ANCHOR_STEP } : undefined;
    },
  };
}

export type AnchorCache = ReturnType<typeof createAnchorCache>;

/** Members at or after the anchor in list order: an index range, not a walk from the first member. */
export const fromAnchor = (anchor: { createdAt: unknown; id: unknown }) =>
  sql`(${members.createdAt}, ${members.id}) <= (${anchor.createdAt}::timestamptz, ${anchor.id})`;

/** The anchor of a prepared page statement, given at execution as anchorAt and anchorId. */
export const anchorPlaceholders = { createdAt: sql.placeholder('anchorAt'), id: sql.placeholder('anchorId') };

export const listOrder = [desc(members.createdAt), desc(members.id)] as const;
