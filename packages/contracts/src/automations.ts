import { z } from 'zod';
import { CLEAN_TEXT, idParamSchema, isCleanText } from './common';
import { MESSAGE_TEXT_MAX } from './messages';

/**
 * Automations (docs/design.md §10): what the business says and gives on its own, a welcome, a birthday treat, a
 * nudge after a lapse, "only a few points to a reward", and a friend's invitation. One per kind per business.
 */
export const AUTOMATION_KINDS = ['WELCOME', 'BIRTHDAY', 'WIN_BACK', 'NEAR_REWARD', 'REFERRAL'] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

export const AUTOMATION_LIMITS = {
  bonusPointsMax: 100_000,
  winBackDays: { min: 7, max: 365 },
  birthdayDays: { min: 0, max: 30 },
  pointsAway: { min: 1, max: 1000 },
  /** Referral bonuses one member earns per calendar month of the business. */
  referralsPerMonth: 10,
} as const;

export const AUTOMATION_MESSAGES = {
  kind: 'Choose one of WELCOME, BIRTHDAY, WIN_BACK, NEAR_REWARD, REFERRAL',
  exists: 'This business already has an automation of this kind',
  notFound: 'Automation not found',
  text: `At most ${MESSAGE_TEXT_MAX} characters`,
  bonusPoints: `Bonus points must be a whole number from 1 to ${AUTOMATION_LIMITS.bonusPointsMax.toLocaleString('en-US')}`,
  winBackDays: 'Days without a visit must be a whole number from 7 to 365',
  birthdayDays: 'Days before the birthday must be a whole number from 0 to 30',
  pointsAway: 'Points away must be a whole number from 1 to 1,000',
  daysRequired: 'Give the number of days',
  pointsAwayRequired: 'Give how many points away',
  reward: 'Choose one of this business’s rewards',
  welcomeGift: 'The welcome gives points only: set them here or as the join page’s welcome points',
} as const;

const text = z
  .string()
  .trim()
  .max(MESSAGE_TEXT_MAX, AUTOMATION_MESSAGES.text)
  .refine(isCleanText, CLEAN_TEXT)
  .nullable()
  .optional()
  .transform((value) => value || null);

const whole = (message: string, min: number, max: number) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).nullable().optional();

/** POST /api/tenants/automations and PUT …/{id} body; each kind's own numbers are checked by `checkAutomation`. */
export const automationInputSchema = z.object({
  kind: z.enum(AUTOMATION_KINDS, { error: AUTOMATION_MESSAGES.kind }),
  active: z.boolean().default(false),
  text,
  textZh: text,
  textCn: text,
  bonusPoints: whole(AUTOMATION_MESSAGES.bonusPoints, 1, AUTOMATION_LIMITS.bonusPointsMax),
  rewardId: idParamSchema.nullable().optional(),
  days: z
    .number({ error: AUTOMATION_MESSAGES.daysRequired })
    .int(AUTOMATION_MESSAGES.daysRequired)
    .nullable()
    .optional(),
  pointsAway: whole(AUTOMATION_MESSAGES.pointsAway, AUTOMATION_LIMITS.pointsAway.min, AUTOMATION_LIMITS.pointsAway.max),
});
export type AutomationInput = z.input<typeof automationInputSchema>;
export type AutomationBody = z.output<typeof automationInputSchema>;

/** The field errors of a body for its kind (days and points away mean something for some kinds only). */
export function automationFieldErrors(body: AutomationBody): Record<string, string> {
  const errors: Record<string, string> = {};
  const { kind, days } = body;
  if (kind === 'WIN_BACK') {
    const { min, max } = AUTOMATION_LIMITS.winBackDays;
    if (days === null || days === undefined) errors.days = AUTOMATION_MESSAGES.daysRequired;
    else if (days < min || days > max) errors.days = AUTOMATION_MESSAGES.winBackDays;
  } else if (kind === 'BIRTHDAY') {
    const { min, max } = AUTOMATION_LIMITS.birthdayDays;
    if (days !== null && days !== undefined && (days < min || days > max))
      errors.days = AUTOMATION_MESSAGES.birthdayDays;
  }
  if (kind === 'NEAR_REWARD' && (body.pointsAway === null || body.pointsAway === undefined))
    errors.pointsAway = AUTOMATION_MESSAGES.pointsAwayRequired;
  if (kind === 'WELCOME' && body.rewardId) errors.rewardId = AUTOMATION_MESSAGES.welcomeGift;
  return errors;
}

export const automationSchema = z.object({
  id: z.string(),
  kind: z.enum(AUTOMATION_KINDS),
  active: z.boolean(),
  text: z.string().nullable(),
  textZh: z.string().nullable(),
  textCn: z.string().nullable(),
  bonusPoints: z.number().int().nullable(),
  rewardId: z.string().nullable(),
  days: z.number().int().nullable(),
  pointsAway: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationsListSchema = z.array(automationSchema);
export const automationParamsSchema = z.object({ id: idParamSchema });

/** POST /api/tenants/automations/preview: how many members the automation would reach on each of the next 7 days. */
export const automationPreviewBodySchema = z.object({ automation: automationInputSchema });
export const automationPreviewSchema = z.object({
  days: z.array(z.object({ date: z.string(), members: z.number().int() })),
});
export type AutomationPreview = z.infer<typeof automationPreviewSchema>;

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-01-31');
/** GET /api/tenants/automations/{id}/runs?from&to: dates in the business's time zone, both inclusive. */
export const automationRunsQuerySchema = z.object({ from: dateOnly.optional(), to: dateOnly.optional() });
export const automationRunsSchema = z.object({
  days: z.array(
    z.object({ date: z.string(), fired: z.number().int(), messaged: z.number().int(), points: z.number().int() }),
  ),
});
export type AutomationRuns = z.infer<typeof automationRunsSchema>;

/** What the card page says of the member's invitation: the link, and what the friend and the member each get. */
export const cardInviteSchema = z.object({ url: z.string(), bonusPoints: z.number().int() });
export type CardInvite = z.infer<typeof cardInviteSchema>;
