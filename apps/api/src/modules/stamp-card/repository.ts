import { randomInt } from 'node:crypto';
import { CLAIM_CODE_ALPHABET, type Redemption, type StampEntry } from '@loyalty/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queries } from '../../db/client';
import { bare, preparedStatements } from '../../db/prepared';
import { members, rewardRedemptions, rewards, stampLedger } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { businessTimeZoneSql } from '../business';
import type { Card } from './card';

const p = sql.placeholder;

const lockStatement = preparedStatements((db: Queries) =>
  db
    .select({
      stamps: members.stamps,
      size: members.stampCardSize,
      startedAt: members.stampCardStartedAt,
      cardsCompleted: members.cardsCompleted,
    })
    .from(members)
    .where(and(eq(members.tenantId, p('tenantId')), eq(members.id, p('memberId'))))
    .for('update')
    .prepare('stamp_member_lock'),
);

/**
 * The member's card, its row locked until the transaction ends: the same lock as every points write, so stamps
 * and points of one member are written one after the other and a day's cap holds under concurrency.
 */
export async function lockCard(tx: Queries, tenantId: string, memberId: string): Promise<Card> {
  const [row] = await lockStatement(tx).execute({ tenantId, memberId });
  if (!row) throw notFound('Member not found');
  return { ...row, startedAt: row.startedAt ? new Date(row.startedAt) : null };
}

const cardStatement = preparedStatements((db: Queries) =>
  db
    .update(members)
    .set({
      stamps: bare('stamps'),
      cardsCompleted: bare('cardsCompleted'),
      stampCardSize: bare('size'),
      stampCardStartedAt: bare('startedAt'),
      updatedAt: sql`now()`,
    })
    .where(and(eq(members.tenantId, p('tenantId')), eq(members.id, p('memberId'))))
    .prepare('stamp_member_card'),
);

export function saveCard(tx: Queries, tenantId: string, memberId: string, card: Card) {
  return cardStatement(tx).execute({
    tenantId,
    memberId,
    stamps: card.stamps,
    cardsCompleted: card.cardsCompleted,
    size: card.size,
    startedAt: card.startedAt?.toISOString() ?? null,
  });
}

export type NewStampEntry = typeof stampLedger.$inferInsert;

const insertStatement = preparedStatements((db: Queries) =>
  db
    .insert(stampLedger)
    .values({
      id: p('id'),
      tenantId: p('tenantId'),
      memberId: p('memberId'),
      accountId: bare('accountId'),
      type: p('type'),
      stamps: p('stamps'),
      completed: p('completed'),
      completedStamps: p('completedStamps'),
      cardSize: p('cardSize'),
      perAmount: p('perAmount'),
      purchaseId: bare('purchaseId'),
      reversesId: bare('reversesId'),
      idempotencyKey: bare('idempotencyKey'),
      idempotencyBodyHash: bare('idempotencyBodyHash'),
      orderId: bare('orderId'),
      note: bare('note'),
      branchId: bare('branchId'),
      createdAt: p('createdAt'),
    })
    .prepare('stamp_insert_entry'),
);

export function insertStampEntry(tx: Queries, entry: Required<Omit<NewStampEntry, 'createdAt'>> & { createdAt: Date }) {
  return insertStatement(tx).execute(entry);
}

const usedTodayStatement = preparedStatements((db: Queries) => {
  const reversal = alias(stampLedger, 'reversal');
  const zone = businessTimeZoneSql(sql`${p('tenantId')}`);
  return db
    .select({ n: sql<number>`coalesce(sum(${stampLedger.stamps}), 0)::int`.mapWith(Number) })
    .from(stampLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, stampLedger.tenantId), eq(reversal.reversesId, stampLedger.id)))
    .where(
      and(
        eq(stampLedger.tenantId, p('tenantId')),
        eq(stampLedger.memberId, p('memberId')),
        inArray(stampLedger.type, ['ADD', 'PURCHASE']),
        sql`${stampLedger.createdAt} >= (date_trunc('day', now() at time zone ${zone}) at time zone ${zone})`,
        sql`${reversal.id} is null`,
      ),
    )
    .prepare('stamp_used_today');
});

/** Stamps the member got since the business's day began (added or by purchase, not reversed). */
export async function stampsToday(tx: Queries, tenantId: string, memberId: string): Promise<number> {
  const [row] = await usedTodayStatement(tx).execute({ tenantId, memberId });
  return row?.n ?? 0;
}

export async function findByKey(tx: Queries, tenantId: string, key: string) {
  const [row] = await tx
    .select()
    .from(stampLedger)
    .where(and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.idempotencyKey, key)));
  return row;
}

/** The stamp entry that named this order of the business, if any. */
export async function findByOrder(tx: Queries, tenantId: string, orderId: string) {
  const [row] = await tx
    .select()
    .from(stampLedger)
    .where(and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.orderId, orderId)));
  return row;
}

export type StampRow = typeof stampLedger.$inferSelect;

/** One entry of the member, with whether it was reversed and whether it is within `minutes` on the database clock. */
export async function findEntry(tx: Queries, tenantId: string, memberId: string, entryId: string, minutes: number) {
  const reversal = alias(stampLedger, 'reversal');
  const [row] = await tx
    .select({
      entry: stampLedger,
      reversedById: reversal.id,
      inWindow: sql<boolean>`${stampLedger.createdAt} > now() - make_interval(mins => ${minutes})`,
    })
    .from(stampLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, stampLedger.tenantId), eq(reversal.reversesId, stampLedger.id)))
    .where(and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.memberId, memberId), eq(stampLedger.id, entryId)));
  return row;
}

/** The stamps a purchase earned (its PURCHASE entry) and whether they were reversed; undefined when it earned none. */
export async function findPurchaseStamps(tx: Queries, tenantId: string, purchaseId: string) {
  const reversal = alias(stampLedger, 'reversal');
  const [row] = await tx
    .select({ entry: stampLedger, reversedById: reversal.id })
    .from(stampLedger)
    .leftJoin(reversal, and(eq(reversal.tenantId, stampLedger.tenantId), eq(reversal.reversesId, stampLedger.id)))
    .where(
      and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.purchaseId, purchaseId), eq(stampLedger.type, 'PURCHASE')),
    );
  return row;
}

/** The member's entries, newest first. */
/** The member's id when it is this business's member; undefined otherwise (another business's is not found). */
export async function memberOfTenant(db: Queries, tenantId: string, memberId: string) {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row;
}

export async function listEntries(db: Queries, tenantId: string, memberId: string, page: number, size: number) {
  const reversal = alias(stampLedger, 'reversal');
  const where = and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.memberId, memberId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: stampLedger, reversedById: reversal.id })
      .from(stampLedger)
      .leftJoin(reversal, and(eq(reversal.tenantId, stampLedger.tenantId), eq(reversal.reversesId, stampLedger.id)))
      .where(where)
      .orderBy(desc(stampLedger.createdAt), desc(stampLedger.id))
      .limit(size)
      .offset(page * size),
    db.select({ n: count() }).from(stampLedger).where(where),
  ]);
  return { rows: rows.map((r) => toStampEntry(r.entry, r.reversedById)), total: total?.n ?? 0 };
}

export function toStampEntry(row: StampRow, reversedById: string | null = null): StampEntry {
  return {
    id: row.id,
    type: row.type,
    stamps: row.stamps,
    completed: row.completed,
    purchaseId: row.purchaseId,
    reversesId: row.reversesId,
    reversedById,
    note: row.note,
    branchId: row.branchId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type RewardNames = { id: string; name: string; nameZh: string | null; nameCn: string | null };

export async function findRewardNames(tx: Queries, tenantId: string, rewardId: string) {
  const [row] = await tx
    .select({ id: rewards.id, name: rewards.name, nameZh: rewards.nameZh, nameCn: rewards.nameCn })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, rewardId)));
  return row;
}

/** A random code without look-alikes, as a points redemption's. */
function redemptionCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

/** A full card's reward: a redemption ISSUED with no points entry (source STAMPS), naming its stamp entry. */
export async function issueCardRewards(
  tx: Queries,
  input: { tenantId: string; memberId: string; entryId: string; reward: RewardNames; accountId: string | null },
  times: number,
  now: Date,
): Promise<Redemption[]> {
  if (times <= 0) return [];
  const values = Array.from({ length: times }, () => ({
    id: crypto.randomUUID(),
    tenantId: input.tenantId,
    rewardId: input.reward.id,
    rewardName: input.reward.name,
    memberId: input.memberId,
    ledgerId: null,
    source: 'STAMPS' as const,
    stampEntryId: input.entryId,
    pointsCost: 0,
    code: redemptionCode(),
    accountId: input.accountId,
    createdAt: now,
    updatedAt: now,
  }));
  const rows = await tx.insert(rewardRedemptions).values(values).returning();
  return rows.map((row) => toCardRedemption(row, input.reward));
}

export function toCardRedemption(
  row: typeof rewardRedemptions.$inferSelect,
  names: { nameZh: string | null; nameCn: string | null } | undefined,
): Redemption {
  return {
    id: row.id,
    rewardId: row.rewardId,
    rewardName: row.rewardName,
    rewardNameZh: names?.nameZh ?? null,
    rewardNameCn: names?.nameCn ?? null,
    memberId: row.memberId,
    state: row.state,
    code: row.code,
    pointsCost: row.pointsCost,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The redemptions an entry's filled cards gave, locked (a reversal cancels them while ISSUED). */
export async function redemptionsOfEntry(tx: Queries, tenantId: string, entryId: string, lock = false) {
  const query = tx
    .select()
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.stampEntryId, entryId)));
  return lock ? query.for('update') : query;
}

export async function cancelRedemptions(tx: Queries, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  await tx
    .update(rewardRedemptions)
    .set({ state: 'CANCELLED', updatedAt: sql`now()` })
    .where(and(eq(rewardRedemptions.tenantId, tenantId), inArray(rewardRedemptions.id, ids)));
}
