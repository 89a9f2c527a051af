import { z } from 'zod';

/**
 * The tier policy of a business (docs/design.md §9 "Tier review and points on time"): which spend keeps a tier, how far a
 * member falls when it no longer does, and after how many days of grace. A daily review applies it; the API's
 * modules/tier-review holds the rules.
 */
export const TIER_BASES = ['LIFETIME', 'ROLLING_MONTHS', 'CALENDAR_YEAR'] as const;
export type TierBasis = (typeof TIER_BASES)[number];
export const TIER_DOWNGRADES = ['NONE', 'ONE_STEP', 'TO_QUALIFYING'] as const;
export type TierDowngrade = (typeof TIER_DOWNGRADES)[number];

export const TIER_POLICY_MESSAGES = {
  basis: 'Basis must be LIFETIME, ROLLING_MONTHS or CALENDAR_YEAR',
  months: 'Months must be a whole number from 1 to 60',
  monthsRequired: 'Enter how many months the rolling window spans',
  downgrade: 'Downgrade must be NONE, ONE_STEP or TO_QUALIFYING',
  graceDays: 'Grace period must be a whole number of days from 0 to 365',
} as const;

export const tierPolicySchema = z
  .object({
    basis: z.enum(TIER_BASES, { error: TIER_POLICY_MESSAGES.basis }),
    months: z
      .number({ error: TIER_POLICY_MESSAGES.months })
      .int(TIER_POLICY_MESSAGES.months)
      .min(1, TIER_POLICY_MESSAGES.months)
      .max(60, TIER_POLICY_MESSAGES.months)
      .nullish(),
    downgrade: z.enum(TIER_DOWNGRADES, { error: TIER_POLICY_MESSAGES.downgrade }),
    graceDays: z
      .number({ error: TIER_POLICY_MESSAGES.graceDays })
      .int(TIER_POLICY_MESSAGES.graceDays)
      .min(0, TIER_POLICY_MESSAGES.graceDays)
      .max(365, TIER_POLICY_MESSAGES.graceDays),
  })
  .superRefine((policy, ctx) => {
    if (policy.basis === 'ROLLING_MONTHS' && (policy.months === undefined || policy.months === null)) {
      ctx.addIssue({ code: 'custom', path: ['months'], message: TIER_POLICY_MESSAGES.monthsRequired });
    }
  });
export type TierPolicyBody = z.infer<typeof tierPolicySchema>;

/** GET|PUT /api/tenants/tier-policy answer: the policy (months null unless rolling); `saved` false: the default. */
export const tierPolicyAnswerSchema = z.object({
  basis: z.enum(TIER_BASES),
  months: z.number().int().nullable(),
  downgrade: z.enum(TIER_DOWNGRADES),
  graceDays: z.number().int(),
  saved: z.boolean(),
});
export type TierPolicy = z.infer<typeof tierPolicyAnswerSchema>;

/** With no policy saved, tiers follow lifetime spend both ways, as before policies existed. */
export const DEFAULT_TIER_POLICY: TierPolicy = {
  basis: 'LIFETIME',
  months: null,
  downgrade: 'TO_QUALIFYING',
  graceDays: 0,
  saved: false,
};

/** POST /api/tenants/tier-policy/preview body: a policy not saved yet. */
export const tierPolicyPreviewBodySchema = z.object({ policy: tierPolicySchema });

const tierOfSample = z.object({ id: z.string(), name: z.string() }).nullable();

/** What the next review would do: when it runs, how many move up and down, and a few of them by name. */
export const tierPolicyPreviewSchema = z.object({
  runsAt: z.string(),
  upgrades: z.number().int(),
  downgrades: z.number().int(),
  /** Members whose downgrade waits in their grace period at that review (not counted in downgrades). */
  inGrace: z.number().int(),
  sample: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      direction: z.enum(['UP', 'DOWN']),
      fromTier: tierOfSample,
      toTier: tierOfSample,
    }),
  ),
});
export type TierPolicyPreview = z.infer<typeof tierPolicyPreviewSchema>;

/**
 * On a member's detail (the counter, the member dialog): when the tier is next reviewed and what keeps it: the
 * spend counted so far in the policy's window and the spend the tier needs. Null with no tier or when pinned.
 */
export const tierReviewInfoSchema = z.object({
  basis: z.enum(TIER_BASES),
  nextReviewAt: z.string(),
  /** The spend the policy counts now (lifetime, the rolling window, or the better of this and last year). */
  qualifyingSpend: z.number(),
  /** The held tier's minimum spend: at or above it, the tier is kept. */
  keepSpend: z.number(),
  /** The spend still needed to keep the tier at the next review (0 when it is kept). */
  spendToKeep: z.number(),
  /** Set while a downgrade waits out the grace period: the review after this moves the member down. */
  graceUntil: z.string().nullable(),
});
export type TierReviewInfo = z.infer<typeof tierReviewInfoSchema>;
