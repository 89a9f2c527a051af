import { z } from 'zod';
import { CLEAN_TEXT, idParamSchema, isCleanText, safeString } from './common';

/**
 * Branches (docs/design.md §10 "Branches"): a business's shops, named in three languages, with the coordinates
 * a wallet pass uses to come forward on the lock screen near them. Not the spec's Store Settings (the branding).
 */

export const BRANCHES_MAX = 50;
export const BRANCH_NAME_MAX = 100;
export const BRANCH_ADDRESS_MAX = 200;
/** Apple shows a location's relevant text on the lock screen: short. */
export const BRANCH_RELEVANT_TEXT_MAX = 60;
export const BRANCH_PHONE_MAX = 30;

/** The codes of a branch refused, for the screens to translate. */
export const BRANCH_CODES = [
  'BRANCH_REQUIRED',
  'BRANCH_NOT_ALLOWED',
  'BRANCH_NOT_FOUND',
  'BRANCH_INACTIVE',
  'BRANCH_IN_USE',
  'TOO_MANY_BRANCHES',
] as const;
export type BranchCode = (typeof BRANCH_CODES)[number];

export const BRANCH_MESSAGES = {
  nameRequired: 'Name is required',
  phone: 'Use digits, spaces, + ( ) and -',
  latitude: 'Latitude is a number from -90 to 90',
  longitude: 'Longitude is a number from -180 to 180',
  together: 'Enter both latitude and longitude, or neither',
  /** The form's one coordinates field, when it does not read as two numbers in range. */
  coordinates: 'Type or paste the coordinates as latitude, longitude: 22.28, 114.15',
  notFound: 'Branch not found',
  BRANCH_REQUIRED: 'Choose the branch this is recorded at',
  BRANCH_NOT_ALLOWED: 'You cannot record at this branch',
  BRANCH_NOT_FOUND: 'Branch not found',
  BRANCH_INACTIVE: 'This branch is inactive',
  BRANCH_IN_USE: 'Entries name this branch, so it cannot be deleted: deactivate it instead',
  TOO_MANY_BRANCHES: `A business has at most ${BRANCHES_MAX} branches`,
} as const;

const optionalText = (max: number) =>
  safeString(max)
    .transform((value) => value.trim() || null)
    .nullish()
    .transform((value) => value ?? null);

const coordinate = (limit: number, message: string) =>
  z
    .number({ error: message })
    .min(-limit, message)
    .max(limit, message)
    .nullish()
    .transform((value) => value ?? null);

/** POST /api/tenants/branches and PUT /api/tenants/branches/{id} body. */
export const branchBodySchema = z
  .object({
    name: z
      .string({ error: BRANCH_MESSAGES.nameRequired })
      .trim()
      .min(1, BRANCH_MESSAGES.nameRequired)
      .max(BRANCH_NAME_MAX, `At most ${BRANCH_NAME_MAX} characters`)
      .refine(isCleanText, CLEAN_TEXT),
    nameZh: optionalText(BRANCH_NAME_MAX),
    nameCn: optionalText(BRANCH_NAME_MAX),
    address: optionalText(BRANCH_ADDRESS_MAX),
    addressZh: optionalText(BRANCH_ADDRESS_MAX),
    addressCn: optionalText(BRANCH_ADDRESS_MAX),
    phone: z
      .string({ error: BRANCH_MESSAGES.phone })
      .trim()
      .max(BRANCH_PHONE_MAX, `At most ${BRANCH_PHONE_MAX} characters`)
      .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{2,}$/.test(value), BRANCH_MESSAGES.phone)
      .nullish()
      .transform((value) => value || null),
    latitude: coordinate(90, BRANCH_MESSAGES.latitude),
    longitude: coordinate(180, BRANCH_MESSAGES.longitude),
    relevantText: optionalText(BRANCH_RELEVANT_TEXT_MAX),
    relevantTextZh: optionalText(BRANCH_RELEVANT_TEXT_MAX),
    relevantTextCn: optionalText(BRANCH_RELEVANT_TEXT_MAX),
    active: z.boolean({ error: 'Active is true or false' }).default(true),
  })
  .superRefine((body, ctx) => {
    // A location is a point: one coordinate without the other means nothing to a wallet.
    if ((body.latitude === null) !== (body.longitude === null)) {
      const path = body.latitude === null ? 'latitude' : 'longitude';
      ctx.addIssue({ code: 'custom', path: [path], message: BRANCH_MESSAGES.together });
    }
  });
export type BranchInput = z.input<typeof branchBodySchema>;
export type BranchBody = z.output<typeof branchBodySchema>;

export const branchSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameZh: z.string().nullable(),
  nameCn: z.string().nullable(),
  address: z.string().nullable(),
  addressZh: z.string().nullable(),
  addressCn: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  relevantText: z.string().nullable(),
  relevantTextZh: z.string().nullable(),
  relevantTextCn: z.string().nullable(),
  active: z.boolean(),
  /** Whether any entry names it: then it cannot be deleted, only deactivated. */
  inUse: z.boolean(),
  createdAt: z.string(),
});
export type Branch = z.infer<typeof branchSchema>;
export const branchListSchema = z.object({ content: z.array(branchSchema) });
export type BranchList = z.infer<typeof branchListSchema>;
export const branchIdParamsSchema = z.object({ id: idParamSchema });

/** The branch a write names (a purchase, a redemption, a refund, a reversal, a reward redemption). */
export const branchIdField = idParamSchema.optional();

/** The body of a write that takes nothing but the branch (a reversal, a reward redemption); the body may be absent. */
export const branchOnlyBodySchema = z
  .object({ branchId: branchIdField })
  .nullish()
  .transform((body) => body ?? {});

/** The `branchId` filter of a list or report. */
export const branchFilterSchema = z.object({ branchId: idParamSchema.optional() });

/**
 * Parses coordinates typed or pasted as one text, "22.28, 114.15" (a map's copy), or with a space between:
 * answers null when the text is not two numbers in range.
 */
export function parseCoordinates(text: string): { latitude: number; longitude: number } | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*[,\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}
