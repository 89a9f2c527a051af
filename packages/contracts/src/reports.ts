import { z } from 'zod';
import { idParamSchema, ROLES } from './common';

/** Reports over the points ledger for owners and admins. */
export const REPORT_MESSAGES = {
  day: 'Use a date such as 2026-01-31',
  order: 'The last day cannot be before the first day',
  span: 'At most 366 days at a time',
} as const;

/** The longest range one report covers: a year, leap day included. */
export const REPORT_MAX_DAYS = 366;

const day = z.iso.date({ error: REPORT_MESSAGES.day });
const DAY_MS = 86_400_000;

/**
 * GET /api/tenants/reports/staff-activity(.csv): whole days in the business's time zone, both ends included
 * (from=2026-11-01&to=2026-11-30 is November).
 */
export const staffActivityQuerySchema = z
  .object({ from: day, to: day, branchId: idParamSchema.optional() })
  .superRefine(({ from, to }, ctx) => {
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.order });
    else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.span });
  });
export type StaffActivityQuery = z.infer<typeof staffActivityQuerySchema>;

/**
 * One team user's sums over the range, from the ledger entries they recorded (entries written by API keys, the
 * join page or scheduled jobs belong to nobody here). `amount` is what their PURCHASE entries spent; `points`
 * the points their entries issued (positive PURCHASE, BONUS, ADJUST and IMPORT entries); the rest count entries
 * of each type.
 */
export const staffActivityRowSchema = z.object({
  /** The account id, as the users list's `userId`. */
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Null for someone who recorded entries in the range and has since left the team. */
  role: z.enum(ROLES).nullable(),
  purchases: z.number().int(),
  amount: z.number(),
  points: z.number().int(),
  redemptions: z.number().int(),
  reversals: z.number().int(),
  refunds: z.number().int(),
});
export type StaffActivityRow = z.infer<typeof staffActivityRowSchema>;

export const staffActivitySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The IANA time zone the days were reckoned in (the business's). */
  timeZone: z.string(),
  /** Every current team user (zeros included) and anyone else who recorded entries in the range, by name. */
  rows: z.array(staffActivityRowSchema),
});
export type StaffActivity = z.infer<typeof staffActivitySchema>;
