/**
 * The card's arithmetic (docs/design.md §10), apart from the database: a member holds `stamps` on the current card
 * of `size`; stamps that fill it complete it (its reward issued) and those beyond it start the next card, whose size
 * is the settings' at that moment ("changes apply from the next card").
 */
export type Card = { stamps: number; size: number | null; startedAt: Date | null; cardsCompleted: number };

export type Stamped = {
  after: Card;
  /** The size of the card the stamps were put on. */
  cardSize: number;
  /** Cards filled, and the stamps they took. */
  completed: number;
  completedStamps: number;
};

/** The current card's size: the one it started with, or the settings' for a card not started. */
export const sizeOf = (card: Card, settingsSize: number) => (card.stamps > 0 && card.size ? card.size : settingsSize);

/** `count` (> 0) stamps put on the card at `now`. */
export function addStamps(card: Card, count: number, settingsSize: number, now: Date): Stamped {
  const cardSize = sizeOf(card, settingsSize);
  let size = cardSize;
  let stamps = card.stamps + count;
  let startedAt = card.stamps > 0 ? (card.startedAt ?? now) : now;
  let completed = 0;
  let completedStamps = 0;
  while (stamps >= size) {
    stamps -= size;
    completed += 1;
    completedStamps += size;
    size = settingsSize;
    startedAt = now;
  }
  return {
    after: {
      stamps,
      size: stamps > 0 ? size : null,
      startedAt: stamps > 0 ? startedAt : null,
      cardsCompleted: card.cardsCompleted + completed,
    },
    cardSize,
    completed,
    completedStamps,
  };
}

/** `count` (> 0) stamps taken off the current card, never below zero: answers what was taken and the card after. */
export function takeStamps(card: Card, count: number): { taken: number; after: Card } {
  const taken = Math.min(count, card.stamps);
  const stamps = card.stamps - taken;
  return {
    taken,
    after: {
      ...card,
      stamps,
      size: stamps > 0 ? card.size : null,
      startedAt: stamps > 0 ? card.startedAt : null,
    },
  };
}

/**
 * The reversal of an entry that put `added` stamps on and filled `completed` cards of `completedStamps` stamps: the
 * card as it was before, as far as the stamps since allow (never below zero, never full: a full card is completed).
 * Answers the card and the change of the current card's stamps.
 */
export function undoStamps(
  card: Card,
  entry: { stamps: number; completed: number; completedStamps: number; cardSize: number; createdAt: Date },
): { after: Card; delta: number } {
  const size = entry.completed > 0 ? entry.cardSize : (card.size ?? entry.cardSize);
  const wanted = card.stamps - entry.stamps + entry.completedStamps;
  const stamps = Math.max(0, Math.min(size - 1, wanted));
  return {
    after: {
      stamps,
      size: stamps > 0 ? size : null,
      startedAt: stamps > 0 ? (entry.completed > 0 ? entry.createdAt : (card.startedAt ?? entry.createdAt)) : null,
      cardsCompleted: card.cardsCompleted - entry.completed,
    },
    delta: stamps - card.stamps,
  };
}

/** Stamps a purchase of `cents` earns: one per visit, or one per whole `amountPerStamp` spent in it. */
export function stampsForPurchase(earn: 'PER_VISIT' | 'PER_AMOUNT', cents: bigint, perStampCents: bigint | null) {
  if (earn === 'PER_VISIT') return 1;
  if (!perStampCents || perStampCents <= 0n) return 0;
  return Number(cents / perStampCents);
}

/** A PER_AMOUNT purchase's stamps taken back by a refund, by the cumulative floor of §9 (as points are). */
export function refundStamps(stamps: number, amountCents: bigint, refundedCents: bigint, refundCents: bigint) {
  if (amountCents <= 0n || stamps <= 0) return 0;
  const s = BigInt(stamps);
  const before = (s * refundedCents) / amountCents;
  const after = (s * (refundedCents + refundCents)) / amountCents;
  return Number(after - before);
}
