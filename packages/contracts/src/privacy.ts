import { z } from 'zod';
import { LANGUAGES } from './languages';
import { ledgerEntrySchema } from './members';
import { stampEntrySchema } from './stamps';

/**
 * The customer's own data (docs/design.md §9, backups and the customer's own data; Hong Kong's PDPO s.18–19, mainland
 * China's PIPL arts. 45, 47): a copy of everything the business holds of them, their consents, and erasure.
 */
export const PRIVACY_MESSAGES = {
  recentSignIn: 'For your safety, sign in again with the code we text you, then delete your card',
} as const;

/** How recent the SMS sign-in behind "Delete my card" must be. */
export const ERASE_SIGN_IN_MAX_AGE_SECONDS = 5 * 60;

/** One consent of the member: given or withdrawn, and each change with where it was made. */
export const consentSchema = z.object({
  granted: z.boolean(),
  changes: z.array(z.object({ granted: z.boolean(), source: z.enum(['card', 'staff']), at: z.string() })),
});

/**
 * A redemption of a reward. Until rewards exist, each REDEEM entry of the ledger is one, without a reward
 * (`rewardId` null); the rewards module fills the rest (modules/privacy/redemptions.ts, `memberRedemptions`).
 */
export const exportedRedemptionSchema = z.object({
  entryId: z.string().nullable(),
  rewardId: z.string().nullable(),
  rewardName: z.string().nullable(),
  state: z.string().nullable(),
  points: z.number().int(),
  amount: z.number().nullable(),
  createdAt: z.string(),
});

/** GET /api/public/card/{slug}/export and GET /api/tenants/member/{id}/export: the member's data as JSON. */
export const memberDataExportSchema = z.object({
  exportedAt: z.string(),
  business: z.object({ name: z.string() }),
  member: z.object({
    id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    phone: z.string(),
    membershipCode: z.string(),
    status: z.string(),
    language: z.enum(LANGUAGES).nullable(),
    tier: z.object({ id: z.string(), name: z.string() }).nullable(),
    pointsBalance: z.number().int(),
    lifetimeSpend: z.number(),
    joinedAt: z.string(),
    /** `--MM-DD` or null (docs/design.md §10). */
    birthday: z.string().nullable().default(null),
    /** The stamps on the current card and the cards completed (docs/design.md §10 "Stamp cards"). */
    stamps: z.number().int().default(0),
    cardsCompleted: z.number().int().default(0),
  }),
  ledger: z.array(ledgerEntrySchema),
  /** Every entry of the stamp ledger, newest first: the stamps' own ledger, as `ledger` is the points'. */
  stampEntries: z.array(stampEntrySchema).default([]),
  redemptions: z.array(exportedRedemptionSchema),
  consents: z.object({ marketing: consentSchema }),
});
export type MemberDataExport = z.infer<typeof memberDataExportSchema>;

/** GET|PUT /api/public/card/{slug}/consents: the marketing consent the card page shows and changes. */
export const cardConsentsSchema = z.object({ marketingOptIn: z.boolean() });
export type CardConsents = z.infer<typeof cardConsentsSchema>;
export const cardConsentsBodySchema = z.object({
  marketingOptIn: z.boolean({ error: 'Choose whether you want offers and news' }),
});
