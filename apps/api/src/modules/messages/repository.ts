import type { Message, MessageState, SegmentFilter } from '@loyalty/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { inJson } from '../../db/rows';
import { googleWalletNotices, googleWalletObjects, members, messages, messageTargets, tenants } from '../../db/schema';
import { reachable, segmentWhere } from './segment-filter';

type MessageRow = typeof messages.$inferSelect;

const asMessage = (row: MessageRow): Message => ({
  id: row.id,
  text: row.text,
  textZh: row.textZh,
  textCn: row.textCn,
  audience: row.audience,
  state: row.state,
  sendAt: row.sendAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  targeted: row.targeted,
  passesUpdated: row.passesUpdated,
  applePushes: row.applePushes,
  googleNotified: row.googleNotified,
  googleQuiet: row.googleQuiet,
  failed: row.failed,
  promotionId: row.promotionId,
});

export async function insertMessage(tx: Queries, row: typeof messages.$inferInsert) {
  await tx.insert(messages).values(row);
}

/**
 * The message's targets in one statement (100,000 members in a few seconds): the members the audience holds who
 * gave marketing consent; answers how many. They go in in member order, the primary key's, so each lands at the
 * right edge of the index instead of splitting pages all over it, and the count is the insert's own (no
 * RETURNING of 100,000 rows to count them).
 */
export async function insertTargets(
  tx: Queries,
  tenantId: string,
  messageId: string,
  filter: SegmentFilter | null,
  memberId?: string,
  memberIds?: string[],
) {
  const where = memberIds
    ? and(eq(members.tenantId, tenantId), inJson(members.id, memberIds), reachable)
    : memberId
      ? and(eq(members.tenantId, tenantId), eq(members.id, memberId), reachable)
      : and(segmentWhere(tenantId, filter ?? {}), reachable);
  const made: unknown = await tx.execute(sql`insert into ${messageTargets} (message_id, member_id, tenant_id)
      select ${messageId}, ${members.id}, ${tenantId} from ${members} where ${where} order by ${members.id}`);
  // postgres.js answers the rows with their count, PGlite an object with affectedRows.
  const n = Number((made as { count?: number }).count ?? (made as { affectedRows?: number }).affectedRows ?? 0);
  await tx.update(messages).set({ targeted: n }).where(eq(messages.id, messageId));
  return n;
}

export async function findMessage(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id)));
  return row;
}

/** The 404 of a message the tenant does not have. */
export const MESSAGE_NOT_FOUND = 'Message not found';

/** One message of the tenant and its log, as the API answers it. */
export const messageOf = async (db: Queries, tenantId: string, id: string) => {
  const row = await findMessage(db, tenantId, id);
  return row && asMessage(row);
};

export async function listMessages(db: Queries, tenantId: string, limit = 100) {
  const rows = await db
    .select()
    .from(messages)
    // The business's own messages: the app's notices (expiry warnings) are one a member, and listed nowhere.
    .where(and(eq(messages.tenantId, tenantId), isNull(messages.origin)))
    .orderBy(desc(messages.createdAt))
    .limit(limit);
  return rows.map(asMessage);
}

/** Moves the state only from one of `from`; answers whether it moved. */
export async function setState(db: Queries, tenantId: string, id: string, from: MessageState[], to: MessageState) {
  const moved = await db
    .update(messages)
    .set({ state: to, ...(to === 'SENT' ? { sentAt: sql`now()` } : {}) })
    .where(and(eq(messages.tenantId, tenantId), eq(messages.id, id), inArray(messages.state, from)))
    .returning({ id: messages.id });
  return moved.length > 0;
}

/** Google notices each member's pass had in the last 24 hours. */
export async function noticesToday(db: Queries, tenantId: string, memberIds: string[]) {
  if (memberIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ memberId: googleWalletNotices.memberId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(googleWalletNotices)
    .where(
      and(
        eq(googleWalletNotices.tenantId, tenantId),
        inArray(googleWalletNotices.memberId, memberIds),
        sql`${googleWalletNotices.sentAt} > now() - interval '24 hours'`,
      ),
    )
    .groupBy(googleWalletNotices.memberId);
  return new Map(rows.map((r) => [r.memberId, r.n]));
}

export async function findMessageRow(db: Queries, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Takes the message for one run of the send job, or renews its lease; false while another run holds it. */
export async function takeLease(db: Queries, id: string, by: string, seconds: number) {
  const taken = await db
    .update(messages)
    .set({ leaseBy: by, leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(messages.id, id),
        sql`(${messages.leaseUntil} is null or ${messages.leaseUntil} < now() or ${messages.leaseBy} = ${by})`,
      ),
    )
    .returning({ id: messages.id });
  return taken.length > 0;
}

export async function releaseLease(db: Queries, id: string, by: string) {
  await db
    .update(messages)
    .set({ leaseBy: null, leaseUntil: null })
    .where(and(eq(messages.id, id), eq(messages.leaseBy, by)));
}

/** Members of the batch who hold a Google object (only they can be given a message there). */
export async function googleHolders(db: Queries, tenantId: string, memberIds: string[]) {
  if (memberIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ memberId: googleWalletObjects.memberId })
    .from(googleWalletObjects)
    .where(and(eq(googleWalletObjects.tenantId, tenantId), inArray(googleWalletObjects.memberId, memberIds)));
  return new Set(rows.map((r) => r.memberId));
}

export async function businessNameOf(db: Queries, tenantId: string) {
  const [row] = await db.select({ name: tenants.businessName }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? '';
}
