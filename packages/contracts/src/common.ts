import { z } from 'zod';

/** Roles of a tenant user (DESIGN §4). Owner exists once per tenant; admin and staff are assignable. */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Who may write: owner and admin. Staff reads (and records purchases and redemptions). */
export const canWrite = (role: Role | null | undefined): boolean => role === 'owner' || role === 'admin';

/** Control characters other than tab, newline and carriage return never belong in a text field. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to find them
export const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARS_MESSAGE = 'Contains characters that are not allowed';

/**
 * Bidirectional embedding, override and isolate controls and the zero-width space: invisible, yet they reorder
 * or hide what a name shows on a screen or a wallet pass (`bidi\u202Eevil` displays reversed). Right-to-left
 * and CJK text itself is welcome; only these format characters are refused.
 */
export const INVISIBLE_FORMAT_CHARS = /[\u200B\u202A-\u202E\u2066-\u2069]/;
export const INVISIBLE_FORMAT_MESSAGE = 'Contains invisible direction or zero-width characters';

/** True when a text holds neither control characters nor invisible format characters. */
export const isCleanText = (value: string): boolean =>
  !CONTROL_CHARS.test(value) && !INVISIBLE_FORMAT_CHARS.test(value);

/** The refusal message for a text `isCleanText` rejected: `.refine(isCleanText, CLEAN_TEXT)`. */
export const CLEAN_TEXT = {
  error: (issue: { input?: unknown }) =>
    typeof issue.input === 'string' && !CONTROL_CHARS.test(issue.input)
      ? INVISIBLE_FORMAT_MESSAGE
      : CONTROL_CHARS_MESSAGE,
};

/** A bounded string without control characters; every text field of a body starts from this. */
export const safeString = (max: number, tooLong = `At most ${max} characters`) =>
  z.string().max(max, tooLong).refine(isCleanText, CLEAN_TEXT);

/** Path ids (uuids in practice): short, safe characters only. */
export const idParamSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'Invalid id');

/** Zero-based page number and a bounded page size, from the query string. */
export const pageQuery = (defaultSize: number) => ({
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(0, 'Page must be 0 or more')
    .max(1_000_000, 'Page is too large')
    .default(0),
  size: z.coerce
    .number({ error: 'Size must be a whole number' })
    .int('Size must be a whole number')
    .min(1, 'Size must be between 1 and 100')
    .max(100, 'Size must be between 1 and 100')
    .default(defaultSize),
});

/** The one page shape every list answers with (DESIGN §4), zero-based. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    numberOfElements: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
  });
export type Page<T> = {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
};
