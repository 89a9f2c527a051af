import { z } from 'zod';
import { idParamSchema, isoDateTime, safeMultiline, safeString } from './common';

/**
 * Rewards (docs/design.md §9 "Rewards"): what points buy by name (a free coffee for 100 points), redeemed at the counter
 * as a REDEEM entry that names the reward, or claimed on the customer's phone as a code valid 10 minutes.
 */

export const REWARD_KINDS = ['FREE_ITEM', 'AMOUNT_OFF', 'PERCENT_OFF'] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];
export const REDEMPTION_STATES = ['ISSUED', 'FULFILLED', 'CANCELLED'] as const;
export type RedemptionState = (typeof REDEMPTION_STATES)[number];

export const REWARD_NAME_MAX = 100;
export const REWARD_DESCRIPTION_MAX = 500;
export const REWARD_POINTS_MAX = 10_000_000;
export const REWARD_STOCK_MAX = 10_000_000;
export const CLAIM_MINUTES = 10;
/** A claim code: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L), typed at the counter. */
export const CLAIM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLAIM_CODE_LENGTH = 8;

/** The 409 codes of a redemption refused, and their English messages (the screens translate by code). */
export const REWARD_REFUSALS = [
  'INSUFFICIENT_POINTS',
  'OUT_OF_STOCK',
  'LIMIT_REACHED',
  'NOT_ELIGIBLE',
  'NOT_AVAILABLE',
] as const;
export type RewardRefusal = (typeof REWARD_REFUSALS)[number];

export const REWARD_MESSAGES = {
  nameRequired: 'Name is required',
  kind: 'Kind must be FREE_ITEM, AMOUNT_OFF or PERCENT_OFF',
  value: 'Enter an amount greater than 0 with at most two decimals',
  percent: 'Enter a percentage from 1 to 100',
  pointsCost: 'Enter a whole number of points of at least 1',
  stock: 'Stock must be a whole number of 0 or more (empty: unlimited)',
  perMemberLimit: 'The limit per member must be a whole number of at least 1 (empty: none)',
  dates: 'The end must be after the start',
  date: 'Enter a date and time',
  foreignImage: 'Use an image uploaded to this business',
  foreignTier: 'Choose tiers of this business',
  notFound: 'Reward not found',
  inUseByStampCard: 'The stamp card gives this reward: choose another reward there first.',
  inUseByAutomation: 'An automation gives this reward: change or delete the automation first.',
  redemptionNotFound: 'Redemption not found',
  notIssued: 'Only an issued redemption can be fulfilled or cancelled',
  claimNotFound: 'No claim has this code at this business',
  claimUsed: 'This code was already used',
  claimExpired: 'This code has expired: ask the customer to claim again',
  INSUFFICIENT_POINTS: (needed: number) =>
    `Not enough points: ${needed.toLocaleString('en-US')} more are needed for this reward`,
  OUT_OF_STOCK: 'This reward is out of stock',
  LIMIT_REACHED: 'This member has already redeemed this reward as often as allowed',
  NOT_ELIGIBLE: "This reward is not offered to the member's tier",
  NOT_AVAILABLE: 'This reward is not available now',
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const optionalText = (max: number, multiline = false) =>
  (multiline ? safeMultiline(max) : safeString(max))
    .transform((value) => value.trim() || null)
    .nullish()
    .transform((value) => value ?? null);

const optionalDate = z
  .union([isoDateTime(REWARD_MESSAGES.date), z.literal('')])
  .nullish()
  .transform((value) => value || null);

const wholeOrNull = (min: number, message: string) =>
  z
    .number({ error: message })
    .int(message)
    .min(min, message)
    .max(REWARD_STOCK_MAX, message)
    .nullish()
    .transform((value) => value ?? null);

/** POST /api/tenants/rewards and PUT /api/tenants/rewards/{id} body (admin or owner). */
export const rewardBodySchema = z
  .object({
    name: safeString(REWARD_NAME_MAX)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, REWARD_MESSAGES.nameRequired)),
    nameZh: optionalText(REWARD_NAME_MAX),
    nameCn: optionalText(REWARD_NAME_MAX),
    description: optionalText(REWARD_DESCRIPTION_MAX, true),
    kind: z.enum(REWARD_KINDS, { error: REWARD_MESSAGES.kind }),
    /** AMOUNT_OFF: the money off; PERCENT_OFF: the percent off; FREE_ITEM: none. */
    value: z
      .number({ error: REWARD_MESSAGES.value })
      .nullish()
      .transform((value) => value ?? null),
    pointsCost: z
      .number({ error: REWARD_MESSAGES.pointsCost })
      .int(REWARD_MESSAGES.pointsCost)
      .min(1, REWARD_MESSAGES.pointsCost)
      .max(REWARD_POINTS_MAX, REWARD_MESSAGES.pointsCost),
    /** The tiers whose members may claim it; empty: every member. */
    tierIds: z
      .array(idParamSchema)
      .max(100)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    /** How many are left to give (null: unlimited); redemptions take one each, a cancellation gives it back. */
    stock: wholeOrNull(0, REWARD_MESSAGES.stock),
    perMemberLimit: wholeOrNull(1, REWARD_MESSAGES.perMemberLimit),
    validFrom: optionalDate,
    validTo: optionalDate,
    active: z.boolean().default(true),
    imageUrl: z
      .string()
      .max(2000)
      .nullish()
      .transform((value) => value || null),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'AMOUNT_OFF' && !(body.value !== null && body.value > 0 && twoDecimals(body.value))) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: REWARD_MESSAGES.value });
    }
    if (
      body.kind === 'PERCENT_OFF' &&
      !(body.value !== null && Number.isInteger(body.value) && body.value >= 1 && body.value <= 100)
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: REWARD_MESSAGES.percent });
    }
    if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: REWARD_MESSAGES.dates });
    }
  })
  .transform((body) => ({ ...body, value: body.kind === 'FREE_ITEM' ? null : body.value }));
export type RewardInput = z.input<typeof rewardBodySchema>;
export type RewardBody = z.output<typeof rewardBodySchema>;

export const rewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  nameCn: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.enum(REWARD_KINDS),
  value: z.number().nullable(),
  pointsCost: z.number().int(),
  tierIds: z.array(z.string()),
  stock: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  /** Redemptions not cancelled, all members together. */
  redeemed: z.number().int(),
  createdAt: z.string(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardListSchema = z.array(rewardSchema);
export const rewardIdParamsSchema = z.object({ id: idParamSchema });
export const memberRewardParamsSchema = z.object({ id: idParamSchema, rewardId: idParamSchema });

/** One reward as a member sees it (the card, the counter's panel): whether it can be had now, and how far off. */
export const memberRewardSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  nameCn: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.enum(REWARD_KINDS),
  value: z.number().nullable(),
  imageUrl: z.string().nullable(),
  pointsCost: z.number().int(),
  available: z.boolean(),
  /** Points still to earn before it is affordable (0 when affordable). */
  pointsNeeded: z.number().int(),
  /** Why it cannot be had now, other than points; null when it can or only points are missing. */
  blockedBy: z.enum(['OUT_OF_STOCK', 'LIMIT_REACHED']).nullable(),
});
export type MemberReward = z.infer<typeof memberRewardSchema>;
export const memberRewardListSchema = z.array(memberRewardSchema);

export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string().nullable(),
  rewardName: z.string(),
  /** The reward's Chinese names as it has them now (none once it is deleted). */
  rewardNameZh: z.string().nullable().optional(),
  rewardNameCn: z.string().nullable().optional(),
  /** Null once the member was erased: the redemption stays without the person, as the ledger does. */
  memberId: z.string().nullable(),
  state: z.enum(REDEMPTION_STATES),
  /** A short code naming this redemption at the counter (on the receipt). */
  code: z.string(),
  pointsCost: z.number().int(),
  /** POINTS: bought with points; STAMPS: a full stamp card's reward; GIFT: an automation's gift; the last two with no points entry (docs/design.md §10). */
  source: z.enum(['POINTS', 'STAMPS', 'GIFT']).optional(),
  createdAt: z.string(),
  /** The branch it was redeemed at (docs/design.md §10); null: none named. */
  branchId: z.string().nullable().optional(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

/** 201 to a redemption (200 to its replay under the same Idempotency-Key). */
export const redeemAnswerSchema = z.object({ redemption: redemptionSchema, pointsBalance: z.number().int() });
export type RedeemAnswer = z.infer<typeof redeemAnswerSchema>;
export const redemptionParamsSchema = z.object({ id: idParamSchema });

/** POST /api/public/card/{slug}/rewards/{rewardId}/claim answer: shown on the phone, never on the pass. */
export const claimAnswerSchema = z.object({ claimCode: z.string(), expiresAt: z.string() });
export type ClaimAnswer = z.infer<typeof claimAnswerSchema>;
export const claimParamsSchema = z.object({
  claimCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,16}$/, REWARD_MESSAGES.claimNotFound)
    .transform((code) => code.toUpperCase()),
});
export const cardRewardParamsSchema = z.object({
  slug: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid link'),
  rewardId: idParamSchema,
});

/** A claim code as a person types it: upper case, without spaces or dashes. */
export const normaliseClaimCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/** GET /api/tenants/member/{id}/rewards (the counter's panel): what the member can have, and their latest. */
export const memberRewardsPanelSchema = z.object({
  pointsBalance: z.number().int(),
  rewards: memberRewardListSchema,
  redemptions: z.array(redemptionSchema),
});
export type MemberRewardsPanel = z.infer<typeof memberRewardsPanelSchema>;
