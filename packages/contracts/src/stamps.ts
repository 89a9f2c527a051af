import { z } from 'zod';
import { idParamSchema, pageQuery, pageSchema } from './common';
import { orderIdSchema } from './members';
import { redemptionSchema } from './rewards';

/** Stamp cards (docs/design.md §10): "buy nine, the tenth is free". */
export const STAMP_EARN = ['PER_VISIT', 'PER_AMOUNT'] as const;
export type StampEarn = (typeof STAMP_EARN)[number];
export const STAMPS_PER_CARD_MIN = 2;
export const STAMPS_PER_CARD_MAX = 20;
/** Stamps one request adds (or, an admin's adjustment, takes away). */
export const STAMP_COUNT_MAX = 10;

export const STAMP_ENTRY_TYPES = ['ADD', 'PURCHASE', 'ADJUST', 'REVERSAL', 'REFUND', 'EXPIRE', 'IMPORT'] as const;
export type StampEntryType = (typeof STAMP_ENTRY_TYPES)[number];

export const STAMP_MESSAGES = {
  duplicateOrder: 'This order id was already recorded with other stamps; nothing was recorded.',
  stampsPerCard: `Stamps per card must be a whole number from ${STAMPS_PER_CARD_MIN} to ${STAMPS_PER_CARD_MAX}`,
  earn: 'Earn must be PER_VISIT or PER_AMOUNT',
  amountPerStamp: 'Enter the amount that earns one stamp (more than 0)',
  maxStampsPerDay: 'The daily limit must be a whole number from 1 to 100, or empty for none',
  rewardId: 'Choose the reward a full card gives',
  rewardNotFound: 'This reward does not exist; choose one of your rewards',
  expiryDays: 'Lapse must be a whole number of days from 1 to 3650, or empty for never',
  count: `Stamps must be a whole number from 1 to ${STAMP_COUNT_MAX} (an admin may take away up to ${STAMP_COUNT_MAX})`,
  noteForRemoval: 'Say why the stamps are taken away',
  notFound: 'No stamp card is set up yet',
  inactive: 'The stamp card is turned off; nothing was recorded.',
  byPurchase: 'This card earns stamps by the amount spent: record a purchase instead.',
  dailyLimit: (max: number) =>
    `A member may get at most ${max} stamp${max === 1 ? '' : 's'} a day; nothing was recorded.`,
  belowZero: (held: number) => `The current card holds only ${held} stamp${held === 1 ? '' : 's'}.`,
  cardRedeemed: 'The reward this card gave was already handed over, so the stamps cannot be reversed.',
} as const;

const wholeOrNull = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(max, message)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** PUT /api/tenants/stamp-card body. */
export const stampCardBodySchema = z
  .object({
    active: z.boolean().default(true),
    stampsPerCard: z
      .number({ error: STAMP_MESSAGES.stampsPerCard })
      .int(STAMP_MESSAGES.stampsPerCard)
      .min(STAMPS_PER_CARD_MIN, STAMP_MESSAGES.stampsPerCard)
      .max(STAMPS_PER_CARD_MAX, STAMP_MESSAGES.stampsPerCard),
    earn: z.enum(STAMP_EARN, { error: STAMP_MESSAGES.earn }),
    amountPerStamp: z
      .number({ error: STAMP_MESSAGES.amountPerStamp })
      .min(0.01, STAMP_MESSAGES.amountPerStamp)
      .max(1_000_000, STAMP_MESSAGES.amountPerStamp)
      .nullable()
      .optional()
      .transform((value) => (value == null ? null : Math.round(value * 100) / 100)),
    maxStampsPerDay: wholeOrNull(1, 100, STAMP_MESSAGES.maxStampsPerDay),
    rewardId: idParamSchema.or(z.literal('')).refine((v) => v !== '', STAMP_MESSAGES.rewardId),
    expiryDays: wholeOrNull(1, 3650, STAMP_MESSAGES.expiryDays),
  })
  .superRefine((body, ctx) => {
    if (body.earn === 'PER_AMOUNT' && body.amountPerStamp === null) {
      ctx.addIssue({ code: 'custom', path: ['amountPerStamp'], message: STAMP_MESSAGES.amountPerStamp });
    }
  })
  .transform((body) => ({ ...body, amountPerStamp: body.earn === 'PER_AMOUNT' ? body.amountPerStamp : null }));
export type StampCardInput = z.input<typeof stampCardBodySchema>;
export type StampCardBody = z.output<typeof stampCardBodySchema>;

/** GET|PUT /api/tenants/stamp-card answer. */
export const stampCardSchema = z.object({
  active: z.boolean(),
  stampsPerCard: z.number().int(),
  earn: z.enum(STAMP_EARN),
  amountPerStamp: z.number().nullable(),
  maxStampsPerDay: z.number().int().nullable(),
  rewardId: z.string(),
  expiryDays: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type StampCard = z.infer<typeof stampCardSchema>;

/** POST /api/tenants/member/{id}/stamps body: count −10…−1 is an admin's adjustment and needs a note. */
export const stampAddBodySchema = z
  .object({
    count: z
      .number({ error: STAMP_MESSAGES.count })
      .int(STAMP_MESSAGES.count)
      .min(-STAMP_COUNT_MAX, STAMP_MESSAGES.count)
      .max(STAMP_COUNT_MAX, STAMP_MESSAGES.count)
      .refine((n) => n !== 0, STAMP_MESSAGES.count),
    note: z.string().trim().max(200, 'At most 200 characters').optional(),
    branchId: idParamSchema.optional(),
    /** The business's order the stamps are for (as a purchase's): recorded once; the same again replays. */
    orderId: orderIdSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.count < 0 && !body.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: STAMP_MESSAGES.noteForRemoval });
    }
  });
export type StampAddInput = z.input<typeof stampAddBodySchema>;
export type StampAddBody = z.output<typeof stampAddBodySchema>;

/** One entry of the stamp ledger. */
export const stampEntrySchema = z.object({
  id: z.string(),
  type: z.enum(STAMP_ENTRY_TYPES),
  /** Signed: negative for stamps reversed, refunded, lapsed or taken away. */
  stamps: z.number().int(),
  /** Cards this entry filled (each gave a reward). */
  completed: z.number().int(),
  /** The purchase that earned them (PURCHASE) or was refunded (REFUND). */
  purchaseId: z.string().nullable(),
  reversesId: z.string().nullable(),
  reversedById: z.string().nullable(),
  note: z.string().nullable(),
  branchId: z.string().nullable(),
  createdAt: z.string(),
});
export type StampEntry = z.infer<typeof stampEntrySchema>;
export const stampEntriesPageSchema = pageSchema(stampEntrySchema);
export const stampEntriesQuerySchema = z.object(pageQuery(20));

/** 201 to stamps added (200 to a replay under the same Idempotency-Key), and to a reversal. */
export const stampAnswerSchema = z.object({
  entryId: z.string(),
  stamps: z.number().int(),
  stampsPerCard: z.number().int(),
  cardsCompleted: z.number().int(),
  /** The rewards of the cards this entry filled, ISSUED (source STAMPS). */
  issued: z.array(redemptionSchema),
  replayed: z.boolean(),
});
export type StampAnswer = z.infer<typeof stampAnswerSchema>;

export const stampReversalParamsSchema = z.object({ id: idParamSchema, entryId: idParamSchema });

/** The stamp card as the member's card page (and the counter) draws it; null without a saved card. */
export const memberStampCardSchema = z.object({
  active: z.boolean(),
  stamps: z.number().int(),
  stampsPerCard: z.number().int(),
  cardsCompleted: z.number().int(),
  reward: z.object({ name: z.string(), nameZh: z.string().nullable(), nameCn: z.string().nullable() }).nullable(),
  /** Rewards of full cards not handed over yet (ISSUED): ready at the counter. */
  ready: z.array(redemptionSchema),
});
export type MemberStampCard = z.infer<typeof memberStampCardSchema>;
