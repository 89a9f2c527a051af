import { z } from 'zod';

/** The one error shape every API failure answers with (docs/design.md §4). */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  error: z.string().optional(),
  code: z.string().optional(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** With T012 only: the caller's own pending tenant and user, so verification can resume after a new sign-in. */
  tenantId: z.string().optional(),
  userId: z.string().optional(),
  /** With a tier's spend range refused: the active tier in the way, so the screen can offer to shorten it. */
  conflict: z
    .object({ id: z.string(), name: z.string(), minSpend: z.number(), maxSpend: z.number().nullable() })
    .optional(),
  /**
   * With CLAIM_USED only: when the reward code was redeemed and by whom (null: an API key, or a user since removed),
   * so the counter can say so instead of handing the reward over again (docs/design.md §9 Rewards).
   */
  used: z
    .object({ at: z.string(), by: z.object({ firstName: z.string(), lastName: z.string() }).nullable() })
    .optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Codes the member-identity call answers with on 403. */
export const IDENTITY_ERROR = {
  pending: 'T012',
  inactive: 'T013',
  noTenant: 'T010',
} as const;

export const PHONE_NOT_VERIFIED = 'PHONE_NOT_VERIFIED';

/**
 * Codes of a change stream refused (docs/design.md §10): 429 the caller's own streams are at their cap (10 per
 * account, 5 per customer phone), 503 the business's share or the server's streams are full. Both carry
 * Retry-After; the screens wait, never hammer.
 */
export const LIVE_ERROR = { tooManyStreams: 'TOO_MANY_STREAMS', full: 'LIVE_FULL' } as const;
