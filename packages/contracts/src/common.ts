import { z } from 'zod';
import { CLEAN_MULTILINE, CLEAN_TEXT, isCleanMultiline, isCleanText } from './clean-text';

/** Roles of a tenant user (docs/design.md §4). Owner exists once per tenant; admin and staff are assignable. */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Who may write: owner and admin. Staff reads (and records purchases and redemptions). */
export const canWrite = (role: Role | null | undefined): boolean => role === 'owner' || role === 'admin';

// The text checks are plain functions in a file of their own: the customer pages use them without loading zod.
export {
  CLEAN_MULTILINE,
  CLEAN_TEXT,
  CONTROL_CHARS,
  CONTROL_CHARS_MESSAGE,
  INVISIBLE_FORMAT_CHARS,
  INVISIBLE_FORMAT_MESSAGE,
  isCleanMultiline,
  isCleanText,
} from './clean-text';

/** A bounded one-line string without control or invisible characters; most text fields of a body start here. */
export const safeString = (max: number, tooLong = `At most ${max} characters`) =>
  z.string().max(max, tooLong).refine(isCleanText, CLEAN_TEXT);

/** A bounded multi-line string (tab and line breaks allowed) without other control or invisible characters. */
export const safeMultiline = (max: number, tooLong = `At most ${max} characters`) =>
  z.string().max(max, tooLong).refine(isCleanMultiline, CLEAN_MULTILINE);

/** Path ids (uuids in practice): short, safe characters only. */
/**
 * An ISO date and time with its offset, between the years 1900 and 9999: ISO's grammar also takes year 0000 and
 * six-digit years, which PostgreSQL's timestamps refuse (a 500 instead of a 400 at the field).
 */
export const isoDateTime = (error: string) =>
  z.iso.datetime({ offset: true, error }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 9999;
  }, error);

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

/** The one page shape every list answers with (docs/design.md §4), zero-based. */
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

/**
 * The page envelope from one page of rows and the total: the server answers lists with it, and the web's test
 * fake answers with the very same, so neither can drift from the shape above.
 */
export function toPage<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    totalElements,
    totalPages,
    number: page,
    size,
    numberOfElements: content.length,
    first: page === 0,
    last: page >= totalPages - 1,
  };
}
