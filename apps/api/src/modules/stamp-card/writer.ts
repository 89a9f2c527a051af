import { createHash, randomUUID } from 'node:crypto';
import {
  REVERSAL_MESSAGES,
  REVERSAL_WINDOW_MINUTES,
  type Redemption,
  STAMP_MESSAGES,
  type StampAddBody,
  type StampAnswer,
} from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ChangeFeed, RecordedBy, StampsRecorded } from '../../lib/changes';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { addStamps, type Card, refundStamps, sizeOf, stampsForPurchase, takeStamps, undoStamps } from './card';
import {
  cancelRedemptions,
  findByKey,
  findByOrder,
  findEntry,
  findPurchaseStamps,
  findRewardNames,
  insertStampEntry,
  issueCardRewards,
  lockCard,
  redemptionsOfEntry,
  type StampRow,
  saveCard,
  stampsToday,
  toCardRedemption,
} from './repository';
import { loadStampSettings, type StampSettingsRow } from './settings';

type By = { tenantId: string; memberId: string; accountId: string | null; recordedBy: RecordedBy | null };
/** The branch a write records (resolved by the caller through modules/branches; null: none). */
type At = { branchId?: string | null };
type EntryType = StampsRecorded['entry']['type'];

/** The database's clock: entries, lapses and the reversal window are measured on it, as the points ledger's. */
export const dbNow = async (tx: Queries) => {
  const [row] = await rowsOf<{ ms: number }>(tx, sql`select (extract(epoch from now()) * 1000)::float8 as ms`);
  return new Date(Math.round(Number(row?.ms ?? Date.now())));
};

/**
 * Writes one stamp entry with the member's card locked: the entry, the rewards of the cards it filled, the card on
 * the member's row, and the change told to the feed (the audit, the passes, the webhooks, open screens), all in
 * the caller's transaction.
 */
export async function record(
  tx: Queries,
  feed: ChangeFeed,
  by: By,
  input: {
    type: EntryType;
    before: Card;
    after: Card;
    /** The entry's stamps (signed) and the cards it filled (or, a reversal, unfilled: negative). */
    stamps: number;
    completed: number;
    completedStamps: number;
    cardSize: number;
    settings: StampSettingsRow | undefined;
    perAmount?: boolean;
    purchaseId?: string | null;
    reversesId?: string | null;
    note?: string | null;
    branchId?: string | null;
    idempotencyKey?: string | null;
    bodyHash?: string | null;
    orderId?: string | null;
    now: Date;
  },
): Promise<{ entryId: string; issued: Redemption[] }> {
  const entryId = randomUUID();
  const { tenantId, memberId } = by;
  await insertStampEntry(tx, {
    id: entryId,
    tenantId,
    memberId,
    accountId: by.accountId,
    type: input.type,
    stamps: input.stamps,
    completed: input.completed,
    completedStamps: input.completedStamps,
    cardSize: input.cardSize,
    perAmount: input.perAmount ?? false,
    purchaseId: input.purchaseId ?? null,
    reversesId: input.reversesId ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
    idempotencyBodyHash: input.bodyHash ?? null,
    orderId: input.orderId ?? null,
    note: input.note ?? null,
    branchId: input.branchId ?? null,
    createdAt: input.now,
  });
  let issued: Redemption[] = [];
  if (input.completed > 0 && input.settings) {
    const reward = await findRewardNames(tx, tenantId, input.settings.rewardId);
    if (reward) {
      issued = await issueCardRewards(
        tx,
        { tenantId, memberId, entryId, reward, accountId: by.accountId },
        input.completed,
        input.now,
      );
    }
  }
  await saveCard(tx, tenantId, memberId, input.after);
  const event: StampsRecorded = {
    type: 'stamps.recorded',
    memberId,
    entry: {
      id: entryId,
      type: input.type,
      stamps: input.stamps,
      purchaseId: input.purchaseId ?? null,
      reversesId: input.reversesId ?? null,
      note: input.note ?? null,
    },
    before: { stamps: input.before.stamps, cardsCompleted: input.before.cardsCompleted },
    after: {
      stamps: input.after.stamps,
      stampsPerCard: sizeOf(input.after, input.settings?.stampsPerCard ?? input.cardSize),
      cardsCompleted: input.after.cardsCompleted,
    },
    completed: issued.map((r) => ({ redemptionId: r.id, rewardId: r.rewardId, rewardName: r.rewardName })),
    recordedBy: by.recordedBy,
  };
  await feed.publish(tx, tenantId, [event]);
  return { entryId, issued };
}

/**
 * The current card lapsed by `now` (its first stamp + `expiryDays`): an EXPIRE entry takes its stamps, before the
 * write that follows. Answers the card after.
 */
async function lapseIfDue(
  tx: Queries,
  feed: ChangeFeed,
  by: By,
  card: Card,
  settings: StampSettingsRow | undefined,
  now: Date,
): Promise<Card> {
  if (!settings?.expiryDays || card.stamps <= 0 || !card.startedAt) return card;
  const lapsesAt = card.startedAt.getTime() + settings.expiryDays * 86_400_000;
  if (lapsesAt > now.getTime()) return card;
  const { taken, after } = takeStamps(card, card.stamps);
  await record(
    tx,
    feed,
    { ...by, accountId: null, recordedBy: null },
    {
      type: 'EXPIRE',
      before: card,
      after,
      stamps: -taken,
      completed: 0,
      completedStamps: 0,
      cardSize: sizeOf(card, settings.stampsPerCard),
      settings,
      // Just before the entry that follows, so the list reads in the order things happened.
      now: new Date(now.getTime() - 1),
    },
  );
  return after;
}

const bodyHashOf = (body: object) => {
  const fields = Object.entries(body)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
};

const keyUsedForAnotherMember = () =>
  new AppError(409, 'This Idempotency-Key was already used for another member.', { error: 'CONFLICT' });
const keyReused = (key: string) =>
  new AppError(
    422,
    `The Idempotency-Key "${key}" was already used for a different request; nothing was recorded. Send a new key for a new request.`,
    { error: 'IDEMPOTENCY_KEY_REUSED' },
  );

/** The answer first given under `key`, when the request is a retry (the card as it is now). */
async function replayOf(
  tx: Queries,
  by: By,
  card: Card,
  settings: StampSettingsRow | undefined,
  key: string,
  bodyHash: string,
): Promise<StampAnswer | undefined> {
  const done = await findByKey(tx, by.tenantId, key);
  if (!done) return undefined;
  if (done.memberId !== by.memberId) throw keyUsedForAnotherMember();
  if (done.idempotencyBodyHash !== bodyHash) throw keyReused(key);
  return replayEntry(tx, by, card, settings, done);
}

/** A 409 for stamps naming an order another stamp entry recorded (another member or another count). */
export const duplicateStampOrder = () => conflict(STAMP_MESSAGES.duplicateOrder, 'DUPLICATE_ORDER');

/** The answer of an entry recorded before, with the card as it is now: a replayed request. */
async function replayEntry(
  tx: Queries,
  by: By,
  card: Card,
  settings: StampSettingsRow | undefined,
  done: StampRow,
): Promise<StampAnswer> {
  const [rows, reward] = await Promise.all([
    redemptionsOfEntry(tx, by.tenantId, done.id),
    settings ? findRewardNames(tx, by.tenantId, settings.rewardId) : undefined,
  ]);
  return {
    entryId: done.id,
    stamps: card.stamps,
    stampsPerCard: sizeOf(card, settings?.stampsPerCard ?? done.cardSize),
    cardsCompleted: card.cardsCompleted,
    issued: rows.map((r) => toCardRedemption(r, r.rewardId === reward?.id ? reward : undefined)),
    replayed: true,
  };
}

/**
 * POST /api/tenants/member/{id}/stamps (docs/design.md §10): `count` stamps at the counter, PER_VISIT only (409
 * STAMPS_BY_PURCHASE), at most the day's cap (422 STAMP_DAILY_LIMIT, held under concurrency by the member's lock);
 * a negative count is an admin's adjustment, never below zero on the current card. An Idempotency-Key records once.
 */
export async function addStampsByRequest(
  tx: Queries,
  feed: ChangeFeed,
  by: By & At & { idempotencyKey?: string | undefined },
  body: StampAddBody,
): Promise<StampAnswer> {
  const [card0, settings, now] = await Promise.all([
    lockCard(tx, by.tenantId, by.memberId),
    loadStampSettings(tx, by.tenantId),
    dbNow(tx),
  ]);
  const bodyHash = bodyHashOf({
    type: 'STAMPS',
    count: body.count,
    note: body.note,
    branchId: body.branchId,
    orderId: body.orderId,
  });
  if (by.idempotencyKey) {
    const replay = await replayOf(tx, by, card0, settings, by.idempotencyKey, bodyHash);
    if (replay) return replay;
  }
  // An order recorded already: the same stamps for the same member replay its answer; anything else is refused.
  if (body.orderId) {
    const done = await findByOrder(tx, by.tenantId, body.orderId);
    if (done) {
      if (done.memberId !== by.memberId || done.stamps !== body.count) throw duplicateStampOrder();
      return replayEntry(tx, by, card0, settings, done);
    }
  }
  if (!settings) throw notFound(STAMP_MESSAGES.notFound);
  const card = await lapseIfDue(tx, feed, by, card0, settings, now);
  const common = {
    before: card,
    settings,
    note: body.note ?? null,
    branchId: by.branchId ?? null,
    idempotencyKey: by.idempotencyKey ?? null,
    bodyHash: by.idempotencyKey ? bodyHash : null,
    orderId: body.orderId ?? null,
    now,
  };
  if (body.count < 0) {
    if (-body.count > card.stamps) {
      throw badRequest({ count: STAMP_MESSAGES.belowZero(card.stamps) }, STAMP_MESSAGES.belowZero(card.stamps));
    }
    const { after } = takeStamps(card, -body.count);
    const { entryId } = await record(tx, feed, by, {
      ...common,
      type: 'ADJUST',
      after,
      stamps: body.count,
      completed: 0,
      completedStamps: 0,
      cardSize: sizeOf(card, settings.stampsPerCard),
    });
    return answer(entryId, after, settings, []);
  }
  if (!settings.active) throw new AppError(409, STAMP_MESSAGES.inactive, { error: 'STAMPS_INACTIVE' });
  if (settings.earn === 'PER_AMOUNT') throw conflict(STAMP_MESSAGES.byPurchase, 'STAMPS_BY_PURCHASE');
  if (settings.maxStampsPerDay !== null) {
    const used = await stampsToday(tx, by.tenantId, by.memberId);
    if (used + body.count > settings.maxStampsPerDay) {
      throw new AppError(422, STAMP_MESSAGES.dailyLimit(settings.maxStampsPerDay), { error: 'STAMP_DAILY_LIMIT' });
    }
  }
  const stamped = addStamps(card, body.count, settings.stampsPerCard, now);
  const { entryId, issued } = await record(tx, feed, by, {
    ...common,
    type: 'ADD',
    after: stamped.after,
    stamps: body.count,
    completed: stamped.completed,
    completedStamps: stamped.completedStamps,
    cardSize: stamped.cardSize,
  });
  return answer(entryId, stamped.after, settings, issued);
}

function answer(entryId: string, card: Card, settings: StampSettingsRow, issued: Redemption[]): StampAnswer {
  return {
    entryId,
    stamps: card.stamps,
    stampsPerCard: sizeOf(card, settings.stampsPerCard),
    cardsCompleted: card.cardsCompleted,
    issued,
    replayed: false,
  };
}

/**
 * The stamps of a purchase just recorded (in its transaction, the member already locked by it): one per visit, or
 * one per whole `amountPerStamp` spent; what the day's cap leaves, never a refusal. Undefined without an active
 * stamp card.
 */
export async function stampsOnPurchase(
  tx: Queries,
  feed: ChangeFeed,
  by: By & At & { purchaseId: string; cents: bigint; now: Date },
): Promise<{ stamps: number; stampsCapped: boolean } | undefined> {
  const settings = await loadStampSettings(tx, by.tenantId);
  if (!settings?.active) return undefined;
  const perStamp = settings.amountPerStamp === null ? null : BigInt(Math.round(Number(settings.amountPerStamp) * 100));
  const earned = stampsForPurchase(settings.earn, by.cents, perStamp);
  if (earned <= 0) return { stamps: 0, stampsCapped: false };
  const card0 = await lockCard(tx, by.tenantId, by.memberId);
  const card = await lapseIfDue(tx, feed, by, card0, settings, by.now);
  let count = earned;
  if (settings.maxStampsPerDay !== null) {
    const used = await stampsToday(tx, by.tenantId, by.memberId);
    count = Math.max(0, Math.min(earned, settings.maxStampsPerDay - used));
  }
  if (count === 0) return { stamps: 0, stampsCapped: true };
  const stamped = addStamps(card, count, settings.stampsPerCard, by.now);
  await record(tx, feed, by, {
    type: 'PURCHASE',
    before: card,
    after: stamped.after,
    stamps: count,
    completed: stamped.completed,
    completedStamps: stamped.completedStamps,
    cardSize: stamped.cardSize,
    settings,
    perAmount: settings.earn === 'PER_AMOUNT',
    purchaseId: by.purchaseId,
    branchId: by.branchId ?? null,
    now: by.now,
  });
  return { stamps: count, stampsCapped: count < earned };
}

/**
 * Undoes one entry with a REVERSAL entry: the card as it was before it (as far as the stamps since allow), and the
 * rewards of the cards it filled cancelled while ISSUED (409 CARD_REDEEMED once one was handed over).
 */
async function undo(
  tx: Queries,
  feed: ChangeFeed,
  by: By & At,
  card: Card,
  target: StampRow,
  settings: StampSettingsRow | undefined,
  now: Date,
  key?: { idempotencyKey: string; bodyHash: string },
) {
  if (target.completed > 0) {
    const given = await redemptionsOfEntry(tx, by.tenantId, target.id, true);
    if (given.some((r) => r.state === 'FULFILLED')) throw conflict(STAMP_MESSAGES.cardRedeemed, 'CARD_REDEEMED');
    await cancelRedemptions(
      tx,
      by.tenantId,
      given.filter((r) => r.state === 'ISSUED').map((r) => r.id),
    );
  }
  const { after, delta } = undoStamps(card, target);
  const { entryId } = await record(tx, feed, by, {
    type: 'REVERSAL',
    before: card,
    after,
    // The current card moves by `delta`; the cards the entry filled are unfilled.
    stamps: delta - target.completedStamps,
    completed: -target.completed,
    completedStamps: -target.completedStamps,
    cardSize: target.cardSize,
    settings,
    purchaseId: target.purchaseId,
    reversesId: target.id,
    branchId: by.branchId ?? null,
    idempotencyKey: key?.idempotencyKey ?? null,
    bodyHash: key?.bodyHash ?? null,
    now,
  });
  return { entryId, after };
}

/** POST /api/tenants/member/{id}/stamps/{entryId}/reversal: stamps added at the counter, within 10 minutes. */
export async function reverseStampEntry(
  tx: Queries,
  feed: ChangeFeed,
  by: By & At & { entryId: string; idempotencyKey?: string | undefined },
): Promise<StampAnswer> {
  const [card0, settings, now] = await Promise.all([
    lockCard(tx, by.tenantId, by.memberId),
    loadStampSettings(tx, by.tenantId),
    dbNow(tx),
  ]);
  const bodyHash = bodyHashOf({ type: 'REVERSAL', entryId: by.entryId });
  if (by.idempotencyKey) {
    const replay = await replayOf(tx, by, card0, settings, by.idempotencyKey, bodyHash);
    if (replay) return replay;
  }
  const found = await findEntry(tx, by.tenantId, by.memberId, by.entryId, REVERSAL_WINDOW_MINUTES);
  if (!found) throw notFound('Stamp entry not found');
  // A purchase's stamps go with the purchase (its reversal reverses them); adjustments are corrected by another.
  if (found.entry.type !== 'ADD') {
    const message =
      found.entry.type === 'PURCHASE'
        ? 'These stamps came with a purchase: reverse the purchase.'
        : REVERSAL_MESSAGES.notReversible;
    throw conflict(message, 'NOT_REVERSIBLE');
  }
  if (found.reversedById) throw conflict(REVERSAL_MESSAGES.alreadyReversed, 'ALREADY_REVERSED');
  if (!found.inWindow) throw conflict(REVERSAL_MESSAGES.windowPassed, 'REVERSAL_WINDOW_PASSED');
  const card = await lapseIfDue(tx, feed, by, card0, settings, now);
  const key = by.idempotencyKey ? { idempotencyKey: by.idempotencyKey, bodyHash } : undefined;
  const { entryId, after } = await undo(tx, feed, by, card, found.entry, settings, now, key);
  return {
    entryId,
    stamps: after.stamps,
    stampsPerCard: sizeOf(after, settings?.stampsPerCard ?? found.entry.cardSize),
    cardsCompleted: after.cardsCompleted,
    issued: [],
    replayed: false,
  };
}

/** A purchase reversed (in its reversal's transaction, the member locked): its stamps go with it. */
export async function reverseStampsOfPurchase(tx: Queries, feed: ChangeFeed, by: By & At & { purchaseId: string }) {
  const found = await findPurchaseStamps(tx, by.tenantId, by.purchaseId);
  if (!found || found.reversedById) return;
  const [card0, settings, now] = await Promise.all([
    lockCard(tx, by.tenantId, by.memberId),
    loadStampSettings(tx, by.tenantId),
    dbNow(tx),
  ]);
  const card = await lapseIfDue(tx, feed, by, card0, settings, now);
  await undo(tx, feed, by, card, found.entry, settings, now);
}

/**
 * Part of a PER_AMOUNT purchase refunded (in the refund's transaction): `floor(S·R/A)` of its S stamps by the
 * cumulative floor, taken from the current card only and never below zero (what it no longer holds is forgiven).
 * PER_VISIT stamps are only reversed.
 */
export async function refundStampsOfPurchase(
  tx: Queries,
  feed: ChangeFeed,
  by: By & At & { purchaseId: string; amountCents: bigint; refundedCents: bigint; refundCents: bigint },
) {
  const found = await findPurchaseStamps(tx, by.tenantId, by.purchaseId);
  if (!found || found.reversedById || !found.entry.perAmount) return;
  const back = refundStamps(found.entry.stamps, by.amountCents, by.refundedCents, by.refundCents);
  if (back <= 0) return;
  const [card0, settings, now] = await Promise.all([
    lockCard(tx, by.tenantId, by.memberId),
    loadStampSettings(tx, by.tenantId),
    dbNow(tx),
  ]);
  const card = await lapseIfDue(tx, feed, by, card0, settings, now);
  const { taken, after } = takeStamps(card, back);
  if (taken <= 0) return;
  await record(tx, feed, by, {
    type: 'REFUND',
    before: card,
    after,
    stamps: -taken,
    completed: 0,
    completedStamps: 0,
    cardSize: sizeOf(card, settings?.stampsPerCard ?? found.entry.cardSize),
    settings,
    purchaseId: by.purchaseId,
    branchId: by.branchId ?? null,
    now,
  });
}

/** The member's card lapsed by now, written off with no other write (the §9 sweep). Answers the stamps taken. */
export async function lapseStamps(tx: Queries, feed: ChangeFeed, tenantId: string, memberId: string, at?: Date) {
  const by: By = { tenantId, memberId, accountId: null, recordedBy: null };
  const [card, settings, clock] = await Promise.all([
    lockCard(tx, tenantId, memberId),
    loadStampSettings(tx, tenantId),
    dbNow(tx),
  ]);
  const now = at ?? clock;
  const after = await lapseIfDue(tx, feed, by, card, settings, now);
  return card.stamps - after.stamps;
}
