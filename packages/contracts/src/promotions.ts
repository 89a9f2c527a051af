import { z } from 'zod';
import { idParamSchema, isoDateTime, safeString } from './common';

/**
 * Promotions (docs/design.md §10 "Promotions"): "double points on Tuesdays", "50 bonus points over $200 this
 * month", "triple points for Gold at the Central branch". A purchase earns its base points (§4, bounded by
 * `maxPointsPerPurchase`), then the highest multiplier that applies (never stacked), then every bonus that applies.
 */

export const PROMOTION_KINDS = ['MULTIPLIER', 'BONUS'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];
/** ISO order: Monday is day 1. */
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PROMOTION_NAME_MAX = 100;
export const PROMOTION_FACTOR_MIN = 1.1;
export const PROMOTION_FACTOR_MAX = 10;
export const PROMOTION_BONUS_MAX = 100_000;
export const PROMOTION_LIMIT_MAX = 1_000_000;
export const PROMOTION_MIN_AMOUNT_MAX = 1_000_000;
/** Promotions a business may keep (each purchase weighs those active): a programme runs a handful at once. */
export const PROMOTIONS_PER_BUSINESS = 100;
/** The simulator's default window (days back from now) and its longest. */
export const SIMULATION_DEFAULT_DAYS = 90;
export const SIMULATION_MAX_DAYS = 400;

export const PROMOTION_MESSAGES = {
  nameRequired: 'Name is required',
  kind: 'Kind must be MULTIPLIER or BONUS',
  factor: `Enter a multiplier from ${PROMOTION_FACTOR_MIN} to ${PROMOTION_FACTOR_MAX} in steps of 0.1`,
  bonusPoints: `Enter a whole number of points from 1 to ${PROMOTION_BONUS_MAX.toLocaleString('en-US')}`,
  minAmount: 'Enter an amount of 0 or more with at most two decimals (empty: any amount)',
  days: 'Choose at least one day of the week',
  time: 'Enter a time as HH:mm (00:00 to 23:59)',
  sameTimes: 'The end time must differ from the start time',
  date: 'Enter a date and time',
  dates: 'The end must be after the start',
  perMemberLimit: `The limit per member must be a whole number from 1 to ${PROMOTION_LIMIT_MAX.toLocaleString('en-US')} (empty: none)`,
  foreignTier: 'Choose tiers of this business',
  notFound: 'Promotion not found',
  tooMany: `A business may keep at most ${PROMOTIONS_PER_BUSINESS} promotions: delete one first`,
  window: `The window may span at most ${SIMULATION_MAX_DAYS} days`,
  windowOrder: 'The end must be after the start',
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const tenths = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;

const optionalName = safeString(PROMOTION_NAME_MAX)
  .transform((value) => value.trim() || null)
  .nullish()
  .transform((value) => value ?? null);

const optionalDate = z
  .union([isoDateTime(PROMOTION_MESSAGES.date), z.literal('')])
  .nullish()
  .transform((value) => value || null);

/** A wall-clock time of the business's day, `HH:mm`. */
const clock = z
  .union([z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, PROMOTION_MESSAGES.time), z.literal('')])
  .nullish()
  .transform((value) => value || null);

const ids = z
  .array(idParamSchema)
  .max(100)
  .nullish()
  .transform((list) => [...new Set(list ?? [])]);

/** POST /api/tenants/promotions and PUT /api/tenants/promotions/{id} body (admin or owner). */
export const promotionBodySchema = z
  .object({
    name: safeString(PROMOTION_NAME_MAX)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, PROMOTION_MESSAGES.nameRequired)),
    nameZh: optionalName,
    nameCn: optionalName,
    kind: z.enum(PROMOTION_KINDS, { error: PROMOTION_MESSAGES.kind }),
    /** MULTIPLIER: the points of the base times this (1.1–10, in tenths); BONUS: none. */
    factor: z
      .number({ error: PROMOTION_MESSAGES.factor })
      .nullish()
      .transform((value) => value ?? null),
    /** BONUS: the points added on top; MULTIPLIER: none. */
    bonusPoints: z
      .number({ error: PROMOTION_MESSAGES.bonusPoints })
      .nullish()
      .transform((value) => value ?? null),
    /** The least amount a purchase must be (null: any). */
    minAmount: z
      .number({ error: PROMOTION_MESSAGES.minAmount })
      .min(0, PROMOTION_MESSAGES.minAmount)
      .max(PROMOTION_MIN_AMOUNT_MAX, PROMOTION_MESSAGES.minAmount)
      .refine(twoDecimals, PROMOTION_MESSAGES.minAmount)
      .nullish()
      .transform((value) => value ?? null),
    /** The days of the week it runs, in the business's time zone (null: every day). */
    days: z
      .array(z.enum(WEEKDAYS, { error: PROMOTION_MESSAGES.days }), { error: PROMOTION_MESSAGES.days })
      .min(1, PROMOTION_MESSAGES.days)
      .nullish()
      .transform((list) => (list ? WEEKDAYS.filter((day) => list.includes(day)) : null)),
    /** From this time of day (inclusive) to `toTime` (exclusive); `fromTime` after `toTime` runs past midnight. */
    fromTime: clock,
    toTime: clock,
    validFrom: optionalDate,
    validTo: optionalDate,
    /** The tiers whose members it rewards; empty: every member. */
    tierIds: ids,
    /** The branches whose purchases it rewards; empty: every purchase, with a branch or without. */
    branchIds: ids,
    /** How many purchases of one member it may reward (null: no limit). */
    perMemberLimit: z
      .number({ error: PROMOTION_MESSAGES.perMemberLimit })
      .int(PROMOTION_MESSAGES.perMemberLimit)
      .min(1, PROMOTION_MESSAGES.perMemberLimit)
      .max(PROMOTION_LIMIT_MAX, PROMOTION_MESSAGES.perMemberLimit)
      .nullish()
      .transform((value) => value ?? null),
    active: z.boolean().default(true),
  })
  .superRefine((body, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (body.kind === 'MULTIPLIER') {
      const f = body.factor;
      if (f === null || !(f >= PROMOTION_FACTOR_MIN - 1e-9 && f <= PROMOTION_FACTOR_MAX && tenths(f))) {
        issue('factor', PROMOTION_MESSAGES.factor);
      }
    }
    if (body.kind === 'BONUS') {
      const b = body.bonusPoints;
      if (b === null || !(Number.isInteger(b) && b >= 1 && b <= PROMOTION_BONUS_MAX)) {
        issue('bonusPoints', PROMOTION_MESSAGES.bonusPoints);
      }
    }
    if (body.fromTime && body.toTime && body.fromTime === body.toTime) issue('toTime', PROMOTION_MESSAGES.sameTimes);
    if (body.validFrom && body.validTo && Date.parse(body.validTo) <= Date.parse(body.validFrom)) {
      issue('validTo', PROMOTION_MESSAGES.dates);
    }
  })
  .transform((body) => ({
    ...body,
    factor: body.kind === 'MULTIPLIER' && body.factor !== null ? Math.round(body.factor * 10) / 10 : null,
    bonusPoints: body.kind === 'BONUS' ? body.bonusPoints : null,
  }));
export type PromotionInput = z.input<typeof promotionBodySchema>;
export type PromotionBody = z.output<typeof promotionBodySchema>;

export const promotionSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  nameCn: z.string().nullable(),
  kind: z.enum(PROMOTION_KINDS),
  factor: z.number().nullable(),
  bonusPoints: z.number().int().nullable(),
  minAmount: z.number().nullable(),
  days: z.array(z.enum(WEEKDAYS)).nullable(),
  fromTime: z.string().nullable(),
  toTime: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  tierIds: z.array(z.string()),
  branchIds: z.array(z.string()),
  perMemberLimit: z.number().int().nullable(),
  active: z.boolean(),
  /** Purchases it rewarded so far, and the points it gave them (reversed purchases not counted). */
  timesApplied: z.number().int(),
  pointsGiven: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = z.array(promotionSchema);
export const promotionIdParamsSchema = z.object({ id: idParamSchema });

/** What one promotion gave one purchase: on the PURCHASE entry, its answer and the points.earned webhook. */
export const promotionAwardSchema = z.object({
  id: z.string(),
  points: z.number().int(),
  /** Its names as the promotion has them now (absent once it is deleted). */
  name: z.string().optional(),
  nameZh: z.string().nullable().optional(),
  nameCn: z.string().nullable().optional(),
});
export type PromotionAward = z.infer<typeof promotionAwardSchema>;

const amount = z
  .number({ error: 'Enter an amount greater than 0 with at most two decimals' })
  .gt(0, 'Enter an amount greater than 0 with at most two decimals')
  .max(PROMOTION_MIN_AMOUNT_MAX * 100, 'The amount is too large')
  .refine(twoDecimals, 'Enter an amount greater than 0 with at most two decimals');

/**
 * POST /api/tenants/member/{id}/transactions/preview body: what a purchase of `amount` would earn now, before the
 * counter records it (staff+).
 */
export const purchasePreviewBodySchema = z.object({
  amount,
  branchId: idParamSchema.nullish().transform((value) => value ?? null),
});
export type PurchasePreviewBody = z.output<typeof purchasePreviewBodySchema>;

export const purchasePreviewSchema = z.object({
  /** The points of §4 (the earn rate), what `maxPointsPerPurchase` bounds. */
  basePoints: z.number().int(),
  /** Base and promotions together: what the purchase would earn. */
  points: z.number().int(),
  promotions: z.array(promotionAwardSchema),
  /** The purchase would be refused (422 POINTS_CAP): its base points pass `maxPointsPerPurchase`. */
  overCap: z.boolean(),
});
export type PurchasePreview = z.infer<typeof purchasePreviewSchema>;

/** POST /api/tenants/promotions/simulate body: a draft promotion, replayed over a window of past purchases. */
export const promotionSimulationBodySchema = z
  .object({
    promotion: promotionBodySchema,
    /** The saved promotion the draft replaces (an edit): left out of the active ones it is added to. */
    promotionId: idParamSchema.nullish().transform((value) => value ?? null),
    from: optionalDate,
    to: optionalDate,
  })
  .superRefine((body, ctx) => {
    if (!body.from || !body.to) return;
    const span = Date.parse(body.to) - Date.parse(body.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: PROMOTION_MESSAGES.windowOrder });
    else if (span > SIMULATION_MAX_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: PROMOTION_MESSAGES.window });
    }
  });
export type PromotionSimulationBody = z.output<typeof promotionSimulationBodySchema>;

export const promotionSimulationSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Purchases the draft would add points to, and their members. */
  purchases: z.number().int(),
  members: z.number().int(),
  /** Points the draft adds on top of the active promotions, and their worth at the redeem rate (floored to cents). */
  extraPoints: z.number().int(),
  extraValue: z.number(),
  /** extraPoints ÷ the base points of all the window's purchases (0 when they earned none). */
  share: z.number(),
  /** Every purchase of the window not reversed, and their base points. */
  totalPurchases: z.number().int(),
  basePoints: z.number().int(),
});
export type PromotionSimulation = z.infer<typeof promotionSimulationSchema>;
