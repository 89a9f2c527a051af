import type { Message, MessageState, SegmentFilter } from '@loyalty/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import {
  googleWalletNotices,
  googleWalletObjects,
  members,
  messages,
  messageTargets,
  tenants,
  walletPasses,
} from '../../db/schema';
import { reachable, segmentWhere } from './segment-filter';

type MessageRow = typeof messages.$inferSelect;

export const asMessage = (row: MessageRow): Message => ({
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
});

export async function insertMessage(tx: Queries, row: typeof messages.$inferInsert) {
  await tx.insert(messages).values(row);
}

/**
 * The message's targets in one statement (100,000 members in a few seconds): the members the audience holds who
 * gave marketing consent; answers how many.
 */
export async function insertTargets(
  tx: Queries,
  tenantId: string,
  messageId: string,
  filter: SegmentFilter | null,
  memberId?: string,
) {
  const where = memberId
    ? and(eq(members.tenantId, tenantId), eq(members.id, memberId), reachable)
    : and(segmentWhere(tenantId, filter ?? {}), reachable);
  const made: unknown = await tx.execute(sql`with made as (
      insert into ${messageTargets} (message_id, member_id, tenant_id)
      select ${messageId}, ${members.id}, ${tenantId} from ${members} where ${where}
      returning 1)
    select count(*)::int as n from made`);
  // postgres.js answers the rows, PGlite an object holding them.
  const rows = (Array.isArray(made) ? made : (made as { rows: { n: number }[] }).rows) as { n: number }[];
  const n = Number(rows[0]?.n ?? 0);
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

/**
 * The next targets not yet done after `after`, in member order (the primary key's), with what delivery needs of each: the text in the member's
 * language (else the business's), and whether consent still stands (a member who withdrew it since, or was
 * deleted, is skipped).
 */
export async function pendingTargets(db: Queries, message: MessageRow, after: string, limit: number) {
  const text = sql<string>`case coalesce(${members.language}, ${tenants.language})
    when 'zh-Hant' then coalesce(${message.textZh}::text, ${message.text}::text)
    when 'zh-Hans' then coalesce(${message.textCn}::text, ${message.text}::text)
    else ${message.text}::text end`;
  return db
    .select({
      memberId: messageTargets.memberId,
      text,
      consent: sql<boolean>`coalesce(${members.marketingOptIn}, false)`,
    })
    .from(messageTargets)
    .leftJoin(members, and(eq(members.tenantId, message.tenantId), eq(members.id, messageTargets.memberId)))
    .leftJoin(tenants, eq(tenants.id, message.tenantId))
    .where(
      and(
        eq(messageTargets.messageId, message.id),
        sql`${messageTargets.memberId} > ${after}`,
        sql`not ${messageTargets.done}`,
      ),
    )
    .orderBy(messageTargets.memberId)
    .limit(limit);
}

/**
 * The batch's Apple passes show the message: each pass moves once (a batch repeated after a crash finds them
 * moved already), its last-update time at least a second on, as every pass change does; the log counts them in
 * the same transaction. Answers the members.
 */
export async function showOnPasses(tx: Queries, tenantId: string, messageId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  const rows = await tx
    .update(walletPasses)
    .set({
      newsMessageId: messageId,
      updatedAt: sql`greatest(date_trunc('second', now()), ${walletPasses.updatedAt} + interval '1 second')`,
    })
    .where(
      and(
        eq(walletPasses.tenantId, tenantId),
        inArray(walletPasses.memberId, memberIds),
        sql`${walletPasses.voidedAt} is null`,
        sql`${walletPasses.newsMessageId} is distinct from ${messageId}`,
      ),
    )
    .returning({ memberId: walletPasses.memberId });
  if (rows.length > 0) {
    await tx
      .update(messages)
      .set({ passesUpdated: sql`${messages.passesUpdated} + ${rows.length}` })
      .where(eq(messages.id, messageId));
  }
  return rows.map((r) => r.memberId);
}

/** Members of the batch whose pass shows this message (moved now or by an earlier run of the batch). */
export async function passesShowing(db: Queries, tenantId: string, messageId: string, memberIds: string[]) {
  if (memberIds.length === 0) return [];
  const rows = await db
    .select({ memberId: walletPasses.memberId })
    .from(walletPasses)
    .where(
      and(
        eq(walletPasses.tenantId, tenantId),
        inArray(walletPasses.memberId, memberIds),
        eq(walletPasses.newsMessageId, messageId),
      ),
    );
  return rows.map((r) => r.memberId);
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

export async function recordNotices(tx: Queries, tenantId: string, memberIds: string[]) {
  if (memberIds.length === 0) return;
  await tx.insert(googleWalletNotices).values(memberIds.map((memberId) => ({ tenantId, memberId })));
}

export type Tally = { applePushes: number; googleNotified: number; googleQuiet: number; failed: number };

/** The batch done: its targets marked and its counts added to the message's log, in one transaction. */
export async function finishBatch(tx: Queries, message: MessageRow, memberIds: string[], tally: Tally) {
  await tx
    .update(messageTargets)
    .set({ done: true })
    .where(and(eq(messageTargets.messageId, message.id), inArray(messageTargets.memberId, memberIds)));
  await tx
    .update(messages)
    .set({
      applePushes: sql`${messages.applePushes} + ${tally.applePushes}`,
      googleNotified: sql`${messages.googleNotified} + ${tally.googleNotified}`,
      googleQuiet: sql`${messages.googleQuiet} + ${tally.googleQuiet}`,
      failed: sql`${messages.failed} + ${tally.failed}`,
    })
    .where(eq(messages.id, message.id));
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
