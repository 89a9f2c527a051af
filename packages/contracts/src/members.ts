import { z } from 'zod';
import { optionalBirthday } from './birthday';
import { branchIdField } from './branches';
import { CLEAN_TEXT, idParamSchema, isCleanText, pageQuery, pageSchema } from './common';
import { PHONE_PATTERN } from './phone';
import { promotionAwardSchema } from './promotions';
import { tierReviewInfoSchema } from './tier-policy';

/** Members on a points ledger (spec data-screens Members; docs/design.md §4 /api/tenants/member, the loyalty engine). */
export const MEMBER_MESSAGES = {
  required: 'Required',
  email: 'Invalid email',
  phone: 'Invalid phone (use + country code)',
  emailTaken: 'A member with this email already exists',
  phoneTaken: 'A member with this phone already exists',
  amount: 'Enter an amount greater than 0',
  amountDecimals: 'Amount may have at most two decimal places',
  amountTooLarge: 'Amount is too large',
  points: 'Enter a whole number of points of at least 1',
  adjustPoints: 'Enter a whole number of points other than 0',
  pointsTooLarge: 'Points value is too large',
  reason: 'Give a reason for the adjustment',
  inactive: 'The points system is inactive: points cannot be redeemed. Turn it on in Point Settings.',
  belowMinimum: (min: number) => `At least ${min.toLocaleString('en-US')} points must be redeemed at a time`,
  aboveMaximum: (max: number) => `At most ${max.toLocaleString('en-US')} points may be redeemed at a time`,
  insufficient: (balance: number) => `Not enough points: the member has ${balance.toLocaleString('en-US')} to spend`,
  adjustBelowZero: (balance: number) =>
    `The balance cannot go below zero: the member has ${balance.toLocaleString('en-US')} to spend`,
} as const;

export const MEMBERS_PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_SIZE = 10;
export const MEMBER_STATUSES = ['active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const MEMBER_TEXT_MAX = 120;
export const MEMBER_SEARCH_MAX = 100;
export const PURCHASE_AMOUNT_MAX = 1_000_000;
export const POINTS_CHANGE_MAX = 10_000_000;
// REVERSAL (docs/design.md §8 Counter) undoes one PURCHASE or REDEEM; added last so the older types keep their order.
// BONUS: welcome points on joining (docs/design.md §8); IMPORT: opening points brought in by a CSV import.
// REFUND: part or all of a purchase given back (a customer's return), taking its points back in proportion.
export const LEDGER_TYPES = [
  'PURCHASE',
  'REDEEM',
  'ADJUST',
  'EXPIRE',
  'REVERSAL',
  'BONUS',
  'IMPORT',
  'REFUND',
] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const IDEMPOTENCY_KEY_MAX = 100;

/** GET /api/tenants/member query. */
export const membersQuerySchema = z.object({
  ...pageQuery(MEMBERS_PAGE_SIZE),
  search: z
    .string()
    .max(MEMBER_SEARCH_MAX, `At most ${MEMBER_SEARCH_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT)
    .optional(),
  tierId: idParamSchema.optional(),
  status: z.enum(MEMBER_STATUSES, { error: 'Status must be active or inactive' }).optional(),
  /** Members whose home branch this is (docs/design.md §10). */
  branchId: idParamSchema.optional(),
});
export type MembersQuery = z.input<typeof membersQuerySchema>;

/** One row of the list; `userId` is the member id. */
export const memberRowSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  membershipCode: z.string(),
  membershipLevelName: z.string().nullable(),
  /** The tier's Traditional and Simplified Chinese names, when the tier has them (docs/design.md §8). */
  membershipLevelNameZh: z.string().nullable().optional(),
  membershipLevelNameCn: z.string().nullable().optional(),
  tierId: z.string().nullable(),
  pointsBalance: z.number().int(),
  /** Stamps on the current card and cards filled (docs/design.md §10). */
  stamps: z.number().int().optional(),
  cardsCompleted: z.number().int().optional(),
  status: z.string(),
  createdAt: z.string(),
  /** `--MM-DD`, month and day only (docs/design.md §10); absent from answers made before birthdays. */
  birthday: z.string().nullable().optional(),
  /** The branch whose poster the member joined by, or staff chose (docs/design.md §10); null: none. */
  homeBranchId: z.string().nullable().optional(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;
export const membersPageSchema = pageSchema(memberRowSchema);
export type MembersPage = z.infer<typeof membersPageSchema>;

export const requiredText = z
  .string({ error: MEMBER_MESSAGES.required })
  .trim()
  .min(1, MEMBER_MESSAGES.required)
  .max(MEMBER_TEXT_MAX, `At most ${MEMBER_TEXT_MAX} characters`)
  .refine(isCleanText, CLEAN_TEXT);

/** Optional e-mail: empty text means none. */
export const optionalEmail = z
  .string({ error: MEMBER_MESSAGES.email })
  .trim()
  .max(254, MEMBER_MESSAGES.email)
  .refine((value) => value === '' || z.email().safeParse(value).success, MEMBER_MESSAGES.email);

/** Optional phone: empty text means none. */
const optionalPhone = z
  .string({ error: MEMBER_MESSAGES.phone })
  .trim()
  .refine((value) => value === '' || PHONE_PATTERN.test(value), MEMBER_MESSAGES.phone);

/** POST /api/tenants/member body (and the Add Member form). tierId null or absent: automatic by spend. */
export const createMemberSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: optionalEmail.default(''),
  phone: optionalPhone.default(''),
  // '' (the form's "Automatic (by spend)") and null both mean: follow lifetime spend.
  tierId: z
    .union([z.literal('').transform(() => null), idParamSchema])
    .nullable()
    .default(null),
  /** `--MM-DD` or null (docs/design.md §10); absent from a PUT: the stored birthday stays. */
  birthday: optionalBirthday.optional(),
  /** The member's home branch; absent keeps the stored one, null clears it. */
  homeBranchId: z
    .union([z.literal('').transform(() => null), idParamSchema])
    .nullable()
    .optional(),
});
export type CreateMemberInput = z.input<typeof createMemberSchema>;
export type CreateMemberBody = z.output<typeof createMemberSchema>;

/** PUT /api/tenants/member/{id} body (and the Edit Member form); tierId null unpins (automatic by spend). */
export const updateMemberSchema = createMemberSchema.extend({
  status: z.enum(MEMBER_STATUSES, { error: 'Status must be active or inactive' }),
});
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;
export type UpdateMemberBody = z.output<typeof updateMemberSchema>;

export const memberIdParamsSchema = z.object({ id: idParamSchema });

const tierRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  nameZh: z.string().nullable().optional(),
  nameCn: z.string().nullable().optional(),
});

/** The tenant's redeem terms, so a screen can show what points are worth; null when no settings exist. */
export const redeemTermsSchema = z.object({
  isActive: z.boolean(),
  redeemRatePoints: z.number().int(),
  redeemRateAmount: z.number(),
  minimumRedemption: z.number().int().nullable(),
  maximumRedemption: z.number().int().nullable(),
});
export type RedeemTerms = z.infer<typeof redeemTermsSchema>;

/** GET /api/tenants/member/{id}. */
export const memberDetailSchema = memberRowSchema.extend({
  tier: tierRefSchema.nullable(),
  tierPinned: z.boolean(),
  lifetimeSpend: z.number(),
  nextTier: z
    .object({
      id: z.string(),
      name: z.string(),
      nameZh: z.string().nullable().optional(),
      nameCn: z.string().nullable().optional(),
      amountToReach: z.number(),
    })
    .nullable(),
  expiringNext: z.object({ points: z.number().int(), expiresAt: z.string() }).nullable(),
  redeemTerms: redeemTermsSchema.nullable(),
  /** The tier's next review and what keeps it (tier policy); absent from older answers. */
  tierReview: tierReviewInfoSchema.nullable().optional(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

/**
 * What the system itself wrote an entry for (docs/design.md §10): a code each screen renders in its reader's
 * language. `reason` keeps only what a person typed (an adjustment's). A reward's codes come with the reward.
 */
export const REASON_CODES = [
  'WELCOME_POINTS',
  'POINTS_EXPIRED',
  'PURCHASE_REVERSED',
  'REDEMPTION_REVERSED',
  'IMPORT_OPENING_BALANCE',
  'REWARD_REDEEMED',
  'REWARD_CANCELLED',
  // What an automation gave (docs/design.md §10), and a referral bonus taken back with the purchase it named.
  'AUTOMATION_BIRTHDAY',
  'AUTOMATION_WIN_BACK',
  'AUTOMATION_NEAR_REWARD',
  'REFERRAL',
  'REFERRAL_REVERSED',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];

/**
 * One ledger entry; points are signed, amount is the purchase amount or the redeemed value in dollars (a
 * REVERSAL carries the amount of the entry it reverses). The two reversal links are optional in the schema
 * so answers and fixtures made before reversals existed still parse; this server always sends them.
 */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  type: z.enum(LEDGER_TYPES),
  points: z.number().int(),
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  /** The system's reason as a code (REASON_CODES; a string so a newer code still parses), null for staff's own. */
  reasonCode: z.string().nullable().optional(),
  /** On REWARD_REDEEMED and REWARD_CANCELLED: the reward, with its Chinese names (as redeemed, if since deleted). */
  reward: z
    .object({
      id: z.string().nullable(),
      name: z.string(),
      nameZh: z.string().nullable(),
      nameCn: z.string().nullable(),
    })
    .nullable()
    .optional(),
  createdAt: z.string(),
  /** On a REVERSAL: the entry it undid. */
  reversesId: z.string().nullable().optional(),
  /** On a reversed entry: the REVERSAL that undid it (a reversed entry cannot be reversed again). */
  reversedById: z.string().nullable().optional(),
  /** On a PURCHASE: the business's order it was (on a REFUND: the order it gives back), and what staff noted. */
  orderId: z.string().nullable().optional(),
  note: z.string().nullable().optional(),
  /** On a REFUND: the purchase it gives part of back. */
  refundsId: z.string().nullable().optional(),
  /** On a PURCHASE: the amount refunded so far (refunds may follow until it is the purchase's amount). */
  refundedAmount: z.number().optional(),
  /** On a PURCHASE a promotion added to (docs/design.md §10): its base points and what each promotion gave. */
  basePoints: z.number().int().optional(),
  promotions: z.array(promotionAwardSchema).optional(),
  /** The branch it was recorded at (docs/design.md §10); null: none named. */
  branchId: z.string().nullable().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const transactionsQuerySchema = z.object({
  ...pageQuery(TRANSACTIONS_PAGE_SIZE),
  /** Entries recorded at this branch. */
  branchId: idParamSchema.optional(),
});
export const transactionsPageSchema = pageSchema(ledgerEntrySchema);
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

const amount = z
  .number({ error: MEMBER_MESSAGES.amount })
  .gt(0, MEMBER_MESSAGES.amount)
  .max(PURCHASE_AMOUNT_MAX, MEMBER_MESSAGES.amountTooLarge)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, MEMBER_MESSAGES.amountDecimals);

const points = z
  .number({ error: MEMBER_MESSAGES.points })
  .int(MEMBER_MESSAGES.points)
  .min(1, MEMBER_MESSAGES.points)
  .max(POINTS_CHANGE_MAX, MEMBER_MESSAGES.pointsTooLarge);

export const ORDER_ID_MAX = 64;
export const ORDER_MESSAGES = {
  orderId: `An order id is 1 to ${ORDER_ID_MAX} visible ASCII characters (letters, digits, punctuation; no spaces)`,
  note: 'At most 200 characters',
} as const;

/** A business's order id: 1–64 visible ASCII characters, unique per business. */
export const orderIdSchema = z
  .string({ error: ORDER_MESSAGES.orderId })
  .regex(/^[\x21-\x7e]{1,64}$/, ORDER_MESSAGES.orderId);

/** POST /api/tenants/member/{id}/transactions body: one of a purchase, a redemption or an adjustment. */
export const transactionBodySchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('PURCHASE'),
      amount,
      orderId: orderIdSchema.optional(),
      note: z.string().trim().max(200, ORDER_MESSAGES.note).refine(isCleanText, CLEAN_TEXT).optional(),
      branchId: branchIdField,
    }),
    z.object({ type: z.literal('REDEEM'), points, branchId: branchIdField }),
    z.object({
      type: z.literal('ADJUST'),
      points: z
        .number({ error: MEMBER_MESSAGES.adjustPoints })
        .int(MEMBER_MESSAGES.adjustPoints)
        .min(-POINTS_CHANGE_MAX, MEMBER_MESSAGES.pointsTooLarge)
        .max(POINTS_CHANGE_MAX, MEMBER_MESSAGES.pointsTooLarge)
        .refine((value) => value !== 0, MEMBER_MESSAGES.adjustPoints),
      reason: z
        .string({ error: MEMBER_MESSAGES.reason })
        .trim()
        .min(1, MEMBER_MESSAGES.reason)
        .max(200, 'At most 200 characters')
        .refine(isCleanText, CLEAN_TEXT),
      branchId: branchIdField,
    }),
  ],
  { error: 'Type must be PURCHASE, REDEEM or ADJUST' },
);
export type TransactionBody = z.output<typeof transactionBodySchema>;
export type TransactionInput = z.input<typeof transactionBodySchema>;

/** The answer to a transaction: the entry recorded and the member's new balance and tier. */
export const transactionResultSchema = z.object({
  entry: ledgerEntrySchema,
  pointsBalance: z.number().int(),
  lifetimeSpend: z.number(),
  tier: tierRefSchema.nullable(),
  replayed: z.boolean(),
  /** A purchase with a stamp card: the stamps it added, and whether the day's cap cut them (docs/design.md §10). */
  stamps: z.number().int().optional(),
  stampsCapped: z.boolean().optional(),
});
export type TransactionResult = z.infer<typeof transactionResultSchema>;

/** How long after an entry a reversal is still allowed (measured on the database clock). */
export const REVERSAL_WINDOW_MINUTES = 10;
export const REVERSAL_MESSAGES = {
  alreadyReversed: 'This transaction was already reversed.',
  windowPassed: `Only transactions of the last ${REVERSAL_WINDOW_MINUTES} minutes can be reversed.`,
  pointsSpent: 'The points this purchase earned were already spent or expired, so it cannot be reversed.',
  notReversible: 'Only purchases and redemptions can be reversed; correct an adjustment with another adjustment.',
} as const;

/** POST /api/tenants/member/{id}/transactions/{entryId}/reversal path. */
export const reversalParamsSchema = z.object({ id: idParamSchema, entryId: idParamSchema });

export const MEMBER_CODE_MAX = 40;

/** GET /api/tenants/member/by-code/{code} path: a membership code, or a phone in international format. */
export const memberCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'Enter a membership code or phone')
    .max(MEMBER_CODE_MAX, `At most ${MEMBER_CODE_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT),
});

/** What a till needs to show the points a purchase will earn; null when the tenant has no points settings. */
export const earnTermsSchema = z.object({
  isActive: z.boolean(),
  earnRateAmount: z.number(),
  earnRatePoints: z.number().int(),
});
export type EarnTerms = z.infer<typeof earnTermsSchema>;

/** The counter's member panel: the member detail plus the earn terms (the redeem terms are in the detail). */
export const counterMemberSchema = memberDetailSchema.extend({ earnTerms: earnTermsSchema.nullable() });
export type CounterMember = z.infer<typeof counterMemberSchema>;

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(IDEMPOTENCY_KEY_MAX)
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');

/** The part of GET /api/memberships the member forms need (the tiers screen owns the full shape). */
export const tierOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  // Its Chinese names, so a Chinese screen's choices name it in its own script.
  nameZh: z.string().nullable().optional(),
  nameCn: z.string().nullable().optional(),
  isActive: z.boolean().optional(),
});
export type TierOption = z.infer<typeof tierOptionSchema>;
export const tierOptionsPageSchema = pageSchema(tierOptionSchema);
