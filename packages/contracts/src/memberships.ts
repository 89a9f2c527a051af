import { z } from 'zod';
import { idParamSchema, pageQuery, pageSchema, safeMultiline, safeString } from './common';

/** docs/spec/data-screens.md §9: memberships page size 10, three benefits on a card, default colour #000000. */
export const MEMBERSHIPS_PAGE_SIZE = 10;
export const MEMBERSHIP_CARD_BENEFITS = 3;
export const MEMBERSHIP_DEFAULT_COLOR = '#000000';
export const MEMBERSHIP_NAME_MAX = 100;
export const MEMBERSHIP_TEXT_MAX = 1000;
export const MEMBERSHIP_BENEFIT_MAX = 200;
export const MEMBERSHIP_BENEFITS_MAX = 50;
const MONEY_MAX = 9_999_999_999.99;

export const MEMBERSHIP_MESSAGES = {
  nameRequired: 'Name is required',
  nameTaken: 'A membership with this name already exists',
  color: 'Use a colour like #1a2b3c',
  money: 'Use an amount of 0 or more with at most two decimals',
  maxAboveMin: 'Max spend must be greater than min spend',
  discount: 'Use a percentage from 0 to 100 with at most two decimals',
  sortOrder: 'Sort order must be a whole number',
  benefitEmpty: 'A benefit cannot be empty',
  benefitsTooMany: `At most ${MEMBERSHIP_BENEFITS_MAX} benefits`,
  foreignImage: 'Use an image uploaded to this business',
  overlap: (name: string) => `The spend range overlaps the active membership "${name}"`,
  inUse: (count: number) =>
    `This membership is held by ${count} member${count === 1 ? '' : 's'}; move them to another membership first`,
} as const;

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const money = z
  .number({ error: MEMBERSHIP_MESSAGES.money })
  .min(0, MEMBERSHIP_MESSAGES.money)
  .max(MONEY_MAX, MEMBERSHIP_MESSAGES.money)
  .refine(twoDecimals, MEMBERSHIP_MESSAGES.money);

/** Optional text: empty or blank means "not set" (stored as null). */
const optionalText = (max: number, multiline = false) =>
  (multiline ? safeMultiline(max) : safeString(max))
    .transform((value) => value.trim() || null)
    .nullish()
    .transform((value) => value ?? null);

/** A list of benefits in the order given: each trimmed and not empty, at most MEMBERSHIP_BENEFITS_MAX. */
const benefitList = () =>
  z
    .array(
      safeString(MEMBERSHIP_BENEFIT_MAX)
        .transform((value) => value.trim())
        .pipe(z.string().min(1, MEMBERSHIP_MESSAGES.benefitEmpty)),
    )
    .max(MEMBERSHIP_BENEFITS_MAX, MEMBERSHIP_MESSAGES.benefitsTooMany)
    .nullish()
    .transform((v) => v ?? []);

/** The tier body of POST and PUT (docs/spec/data-screens.md §3 "Membership create or update payload"). */
export const membershipBodySchema = z
  .object({
    name: safeString(MEMBERSHIP_NAME_MAX, `At most ${MEMBERSHIP_NAME_MAX} characters`)
      .transform((value) => value.trim())
      .pipe(z.string().min(1, MEMBERSHIP_MESSAGES.nameRequired)),
    nameZh: optionalText(MEMBERSHIP_NAME_MAX),
    nameCn: optionalText(MEMBERSHIP_NAME_MAX),
    description: optionalText(MEMBERSHIP_TEXT_MAX, true),
    descriptionZh: optionalText(MEMBERSHIP_TEXT_MAX, true),
    descriptionCn: optionalText(MEMBERSHIP_TEXT_MAX, true),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, MEMBERSHIP_MESSAGES.color)
      .transform((value) => value.toLowerCase())
      .nullish()
      .transform((value) => value ?? MEMBERSHIP_DEFAULT_COLOR),
    icon: optionalText(300),
    minSpendAmount: money.nullish().transform((v) => v ?? null),
    maxSpendAmount: money.nullish().transform((v) => v ?? null),
    discountPercentage: z
      .number({ error: MEMBERSHIP_MESSAGES.discount })
      .min(0, MEMBERSHIP_MESSAGES.discount)
      .max(100, MEMBERSHIP_MESSAGES.discount)
      .refine(twoDecimals, MEMBERSHIP_MESSAGES.discount)
      .nullish()
      .transform((v) => v ?? null),
    benefits: benefitList(),
    // The benefits in Traditional (Zh) and Simplified (Cn) Chinese; empty: the English ones are shown.
    benefitsZh: benefitList(),
    benefitsCn: benefitList(),
    cardImageUrl: optionalText(300),
    walletBannerUrl: optionalText(300),
    isActive: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    sortOrder: z
      .number({ error: MEMBERSHIP_MESSAGES.sortOrder })
      .int(MEMBERSHIP_MESSAGES.sortOrder)
      .min(-1_000_000, MEMBERSHIP_MESSAGES.sortOrder)
      .max(1_000_000, MEMBERSHIP_MESSAGES.sortOrder)
      .nullish()
      .transform((v) => v ?? 0),
  })
  .superRefine((body, ctx) => {
    if (body.maxSpendAmount !== null && body.maxSpendAmount <= (body.minSpendAmount ?? 0)) {
      ctx.addIssue({ code: 'custom', path: ['maxSpendAmount'], message: MEMBERSHIP_MESSAGES.maxAboveMin });
    }
  });
export type MembershipBodyInput = z.input<typeof membershipBodySchema>;
export type MembershipBody = z.output<typeof membershipBodySchema>;

/** A tier as the API answers it: numbers as JSON numbers, benefits as [{benefit}] in order. */
export const membershipSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  nameCn: z.string().nullable(),
  description: z.string().nullable(),
  descriptionZh: z.string().nullable(),
  descriptionCn: z.string().nullable(),
  color: z.string(),
  icon: z.string().nullable(),
  minSpendAmount: z.number().nullable(),
  maxSpendAmount: z.number().nullable(),
  discountPercentage: z.number().nullable(),
  benefits: z.array(z.object({ benefit: z.string() })),
  benefitsZh: z.array(z.object({ benefit: z.string() })),
  benefitsCn: z.array(z.object({ benefit: z.string() })),
  cardImageUrl: z.string().nullable(),
  walletBannerUrl: z.string().nullable(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const membershipPageSchema = pageSchema(membershipSchema);
export type MembershipPage = z.infer<typeof membershipPageSchema>;

export const membershipListQuerySchema = z.object(pageQuery(MEMBERSHIPS_PAGE_SIZE));
export type MembershipListQuery = z.infer<typeof membershipListQuerySchema>;

export const membershipIdParamsSchema = z.object({ id: idParamSchema });
