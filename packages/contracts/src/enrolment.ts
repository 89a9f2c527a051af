import { z } from 'zod';
import { cardInviteSchema } from './automations';
import { optionalBirthday } from './birthday';
import { CLEAN_TEXT, isCleanText } from './common';
import { LANGUAGES } from './languages';
import { ledgerEntrySchema, optionalEmail, requiredText } from './members';
import { memberRewardSchema } from './rewards';
import { memberStampCardSchema } from './stamps';

/**
 * Customer enrolment (docs/design.md §8): the admin's settings for the public join page, the public join and card
 * calls the customer's browser makes (with a Firebase phone sign-in token, never a staff token), and what
 * they answer. The phone always comes from the verified token, never from a body.
 */
export const ENROLMENT_MESSAGES = {
  slug: 'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit',
  slugTaken: 'This join link is already taken',
  welcomePoints: 'Welcome points must be a whole number from 0 to 1,000,000',
  termsUrl: 'Enter a link starting with https:// or http://',
  country: 'Use two-letter country codes such as HK',
  acceptTerms: 'Please accept the terms to join',
  emailRequired: 'Please enter your email',
  notFound: 'This join page does not exist or is closed',
  phoneCountry: 'Phone numbers from this country cannot join here',
  notMember: 'No card for this phone yet: join first',
} as const;

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/;
export const WELCOME_POINTS_MAX = 1_000_000;
export const CARD_HISTORY_SIZE = 20;

export const slugSchema = z
  .string({ error: ENROLMENT_MESSAGES.slug })
  .trim()
  .regex(SLUG_PATTERN, ENROLMENT_MESSAGES.slug);
export const slugParamsSchema = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid link') });

/** PUT /api/tenants/enrolment body (admin or owner). */
export const enrolmentSettingsInputSchema = z.object({
  enabled: z.boolean(),
  slug: slugSchema,
  welcomePoints: z
    .number({ error: ENROLMENT_MESSAGES.welcomePoints })
    .int(ENROLMENT_MESSAGES.welcomePoints)
    .min(0, ENROLMENT_MESSAGES.welcomePoints)
    .max(WELCOME_POINTS_MAX, ENROLMENT_MESSAGES.welcomePoints),
  requireEmail: z.boolean(),
  termsUrl: z
    .string({ error: ENROLMENT_MESSAGES.termsUrl })
    .trim()
    .max(500, ENROLMENT_MESSAGES.termsUrl)
    .refine(isCleanText, CLEAN_TEXT)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), ENROLMENT_MESSAGES.termsUrl)
    .default(''),
  /** ISO 3166 alpha-2 codes whose phone numbers may join (SMS pumping guard); empty: any country. */
  allowedCountries: z
    .array(z.string().regex(/^[A-Z]{2}$/, ENROLMENT_MESSAGES.country))
    .max(50)
    .default([]),
});
export type EnrolmentSettingsInput = z.input<typeof enrolmentSettingsInputSchema>;
export type EnrolmentSettingsBody = z.output<typeof enrolmentSettingsInputSchema>;

/** GET|PUT /api/tenants/enrolment answer: the settings and the join URL (PUBLIC_URL/join/<slug>). */
export const enrolmentSettingsSchema = enrolmentSettingsInputSchema.extend({
  termsUrl: z.string(),
  allowedCountries: z.array(z.string()),
  joinUrl: z.string(),
});
export type EnrolmentSettings = z.infer<typeof enrolmentSettingsSchema>;

/** GET /api/public/join/{slug}: the tenant's branding and what the form asks. */
export const publicJoinInfoSchema = z.object({
  slug: z.string(),
  storeName: z.string(),
  logoUrl: z.string().nullable(),
  backgroundColor: z.string(),
  foregroundColor: z.string(),
  labelColor: z.string(),
  requireEmail: z.boolean(),
  termsUrl: z.string(),
  allowedCountries: z.array(z.string()),
  welcomePoints: z.number().int(),
});
export type PublicJoinInfo = z.infer<typeof publicJoinInfoSchema>;

/** POST /api/public/join/{slug} body, sent with the customer's phone sign-in token. */
export const joinBodySchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: optionalEmail.default(''),
  // Required (true) only when the business gave a terms link: the server checks it against the page.
  acceptTerms: z.boolean({ error: ENROLMENT_MESSAGES.acceptTerms }).default(false),
  marketingOptIn: z.boolean().default(false),
  language: z.enum(LANGUAGES).optional(),
  /** Month and day, `--MM-DD`, optional (docs/design.md §10). */
  birthday: optionalBirthday.optional(),
  /** The inviting member's code from `/join/{slug}?ref=` (an unknown one is ignored). */
  referralCode: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9]*$/, 'Invalid invitation')
    .optional(),
  /** The branch whose poster the customer scanned (docs/design.md §10); an unknown or inactive one is ignored. */
  homeBranchId: z.string().max(64).optional().catch(undefined),
});
export type JoinInput = z.input<typeof joinBodySchema>;

/** 201 for a new member, 200 for a phone that already was one (no second member, no second bonus). */
export const joinAnswerSchema = z.object({ membershipCode: z.string() });
export type JoinAnswer = z.infer<typeof joinAnswerSchema>;

const cardTierSchema = z.object({ name: z.string(), nameZh: z.string().nullable(), nameCn: z.string().nullable() });

/** GET /api/public/card/{slug} with the customer's token: their own card, nothing of anyone else. */
export const cardClaimSchema = z.object({
  claimCode: z.string(),
  rewardId: z.string(),
  expiresAt: z.string(),
  used: z.boolean(),
});
export type CardClaim = z.infer<typeof cardClaimSchema>;
export const cardMessageSchema = z.object({ text: z.string(), sentAt: z.string() });
export type CardMessage = z.infer<typeof cardMessageSchema>;

export const publicCardSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  membershipCode: z.string(),
  tier: cardTierSchema.nullable(),
  pointsBalance: z.number().int(),
  nextTier: cardTierSchema.extend({ amountToReach: z.number() }).nullable(),
  expiringNext: z.object({ points: z.number().int(), expiresAt: z.string() }).nullable(),
  history: z.array(ledgerEntrySchema).max(CARD_HISTORY_SIZE),
  /** Short-lived signed links: the .pkpass by plain navigation (Safari), and Google's save link. */
  appleUrl: z.string(),
  googleSaveUrl: z.string().nullable(),
  /** Every reward offered to the member's tier now, with progress (docs/design.md §9); a claim code is asked for one. */
  rewards: z.array(memberRewardSchema).default([]),
  /**
   * The member's claim codes still within their 10 minutes, `used` once staff redeemed one: the page drops a code
   * it shows the moment it is used (docs/design.md §9).
   */
  claims: z.array(cardClaimSchema).default([]),
  /** The latest message the business sent the member (the message log of §9), in the member's language. */
  latestMessage: cardMessageSchema.nullable().default(null),
  /** The stamp card, drawn with its stamps (docs/design.md §10); null when the business has none. */
  stampCard: memberStampCardSchema.nullable().default(null),
  /** The member's invitation while the business runs its referral automation (docs/design.md §10). */
  invite: cardInviteSchema.nullish(),
});
export type PublicCard = z.infer<typeof publicCardSchema>;
