import { z } from 'zod';

/** Insights (docs/design.md §10): the business's figures over time and what its points owe. Every role reads them. */
export const INSIGHTS_MESSAGES = {
  day: 'Use a date such as 2026-01-31',
  order: 'The last day cannot be before the first day',
  tooManyBuckets: (max: number) => `At most ${max} periods at a time: choose a shorter range or a longer interval`,
} as const;

/** The most buckets one timeseries answers (400 TOO_MANY_BUCKETS beyond). */
export const INSIGHTS_MAX_BUCKETS = 400;

export const INSIGHTS_INTERVALS = ['day', 'week', 'month'] as const;
export type InsightsInterval = (typeof INSIGHTS_INTERVALS)[number];

const day = z.iso.date({ error: INSIGHTS_MESSAGES.day });
// An id as the API makes them (letters, digits, dashes): anything else names no branch and is refused at the field.
const branchId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Invalid branch')
  .optional();

/**
 * GET /api/tenants/reports/timeseries(.csv): `from` and `to` are days of the business's time zone, both included;
 * weeks start on Monday; `branchId` keeps the figures of that branch (members: those it is the home branch of).
 */
export const timeseriesQuerySchema = z
  .object({ from: day, to: day, interval: z.enum(INSIGHTS_INTERVALS).default('day'), branchId })
  .superRefine(({ from, to }, ctx) => {
    if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: INSIGHTS_MESSAGES.order });
  });
export type TimeseriesQuery = z.infer<typeof timeseriesQuerySchema>;

/**
 * One period's figures, §9's definitions: issued = positive PURCHASE, BONUS, ADJUST and IMPORT entries; redeemed =
 * REDEEM; expired = EXPIRE; taken back = REVERSAL, REFUND and negative ADJUST and IMPORT (a reversed redemption
 * gives points back: it counts as negative taken back, so issued − redeemed − expired − taken back is the change of
 * the outstanding points). Points are magnitudes. `purchases` and `amount` count PURCHASE entries as the staff
 * activity report does (a reversal or refund shows in taken back); `rewardsRedeemed` the reward redemptions not
 * cancelled, as the dashboard does. A member is active with a visit in the period (a purchase, a redemption of
 * points or of a reward, a stamp entry: not reversed) and returning when also active in the period before (for
 * the first, the one before `from`).
 */
export const timeseriesBucketSchema = z.object({
  /** The period's first day (`from` for a first period cut by it), and its last (`to` for a last one). */
  start: z.string(),
  end: z.string(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  returningMembers: z.number().int(),
  purchases: z.number().int(),
  amount: z.number(),
  pointsIssued: z.number().int(),
  pointsRedeemed: z.number().int(),
  pointsExpired: z.number().int(),
  pointsTakenBack: z.number().int(),
  rewardsRedeemed: z.number().int(),
  stampsAdded: z.number().int(),
  cardsCompleted: z.number().int(),
});
export type TimeseriesBucket = z.infer<typeof timeseriesBucketSchema>;

export const timeseriesSchema = z.object({
  interval: z.enum(INSIGHTS_INTERVALS),
  /** The IANA time zone the days were reckoned in (the business's). */
  timeZone: z.string(),
  buckets: z.array(timeseriesBucketSchema),
});
export type Timeseries = z.infer<typeof timeseriesSchema>;

/** GET /api/tenants/reports/liability(.csv): `branchId` keeps the members it is the home branch of. */
export const liabilityQuerySchema = z.object({ branchId });
export type LiabilityQuery = z.infer<typeof liabilityQuerySchema>;

/**
 * What the points owe now. `outstandingPoints` is the sum of the members' balances (points past their expiry not
 * yet written off left out, as the balances shown), erased members' included; `outstandingValue` its worth at the
 * redeem rate (floored to cents; 0 without point settings); `expiring` the points of lots lapsing within 30, 60
 * and 90 days (each includes the shorter); `negative` the members below zero and their sum (≤ 0); `breakage12m`
 * expired ÷ (redeemed + expired) over the last 12 months, null when both are 0. `byTier` (members without a tier:
 * `tierId` null) and `erased` add up to `outstandingPoints`.
 */
export const liabilitySchema = z.object({
  timeZone: z.string(),
  outstandingPoints: z.number().int(),
  outstandingValue: z.number(),
  expiring: z.object({ days30: z.number().int(), days60: z.number().int(), days90: z.number().int() }),
  negative: z.object({ members: z.number().int(), points: z.number().int() }),
  breakage12m: z.number().nullable(),
  byTier: z.array(
    z.object({
      tierId: z.string().nullable(),
      name: z.string(),
      nameZh: z.string().nullable(),
      nameCn: z.string().nullable(),
      members: z.number().int(),
      points: z.number().int(),
    }),
  ),
  erased: z.object({ points: z.number().int() }),
});
export type Liability = z.infer<typeof liabilitySchema>;
