import { z } from 'zod';
import { birthdayFromText } from './birthday';
import { CLEAN_TEXT, idParamSchema, isCleanText, isoDateTime } from './common';
import { createMemberSchema, MEMBER_TEXT_MAX, membersQuerySchema, POINTS_CHANGE_MAX, requiredText } from './members';

/** Members in and out by CSV (docs/design.md §8 Import, export, audit). */

/** The member fields an import can fill, in the order of the export's columns. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'membershipCode',
  'tier',
  'points',
  'lifetimeSpend',
  'stamps',
  'birthday',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The export's English headers: the same names an import recognises. */
export const EXPORT_HEADERS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  membershipCode: 'Membership code',
  tier: 'Tier',
  points: 'Points',
  lifetimeSpend: 'Lifetime spend',
  stamps: 'Stamps',
  birthday: 'Birthday',
};

/**
 * Headers a spreadsheet may carry for each field, in English and Chinese (Traditional and Simplified),
 * compared without case, spaces, underscores or dashes: the import screen matches columns with them.
 */
export const HEADER_ALIASES: Record<ImportField, readonly string[]> = {
  firstName: ['firstname', 'first name', 'given name', '名', '名字'],
  lastName: ['lastname', 'last name', 'surname', 'family name', '姓', '姓氏'],
  email: ['email', 'e-mail', 'email address', '電郵', '电邮', '電子郵件', '电子邮件', '郵箱', '邮箱'],
  phone: ['phone', 'mobile', 'phone number', 'telephone', '電話', '电话', '手機', '手机'],
  membershipCode: ['membershipcode', 'membership code', 'member code', 'code', '會員編號', '会员编号'],
  tier: ['tier', 'level', 'membership level', '等級', '等级', '會員等級', '会员等级'],
  points: ['points', 'balance', 'points balance', '積分', '积分'],
  lifetimeSpend: ['lifetimespend', 'lifetime spend', 'total spend', 'spend', '累計消費', '累计消费'],
  stamps: ['stamps', 'stamp', 'stamp count', '印花', '印花數', '印花数', '印章', '印章数'],
  birthday: ['birthday', 'birth date', 'date of birth', 'dob', '生日', '出生日期'],
};

const squash = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The field a CSV header names, when it names one. */
export function fieldForHeader(header: string): ImportField | undefined {
  const key = squash(header);
  return IMPORT_FIELDS.find((field) => HEADER_ALIASES[field].some((alias) => squash(alias) === key));
}

/** The column mapping the import screen proposes: each header that names a field, that field (first wins). */
export function autoMapping(headers: readonly string[]): Record<string, ImportField> {
  const mapping: Record<string, ImportField> = {};
  const taken = new Set<ImportField>();
  for (const header of headers) {
    const field = fieldForHeader(header);
    if (field && !taken.has(field)) {
      mapping[header] = field;
      taken.add(field);
    }
  }
  return mapping;
}

export const IMPORT_MESSAGES = {
  missingFile: 'Choose a CSV file',
  notCsv: 'This file could not be read as CSV',
  mapping: 'Map the columns: first name and last name are needed',
  tooLarge: (bytes: number) => `The file is larger than ${Math.round(bytes / 1024 / 1024)} MiB`,
  unknownTier: 'No tier of this business has this name',
  duplicatePhone: 'This phone appears on another row of the file',
  duplicateEmail: 'This email appears on another row of the file',
  points: 'Points must be a whole number of 0 or more',
  lifetimeSpend: 'Lifetime spend must be an amount of 0 or more with at most two decimals',
  codeTaken: 'Another member already has this membership code',
  spentAlready: 'The member has already spent more than these opening points',
  birthday: 'Use a birthday such as 04-23, --04-23 or 1990-04-23',
  stamps: 'Stamps must be a whole number of 0 or more',
  stampsFull: 'Stamps must be fewer than a full card holds',
  noStampCard: 'Set up the stamp card before importing stamps',
} as const;

/** The form field `mapping` of POST /api/tenants/member/import: CSV header → member field. */
export const importMappingSchema = z.record(z.string().max(200), z.enum(IMPORT_FIELDS));
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

export const importIdParamsSchema = z.object({ importId: idParamSchema });

export const importErrorSchema = z.object({ row: z.number().int(), field: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** GET /api/tenants/imports/{importId}. */
export const importStatusSchema = z.object({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  dryRun: z.boolean(),
  total: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importErrorSchema),
  createdAt: z.string(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importStartedSchema = z.object({ importId: z.string() });

/** GET /api/tenants/member/export.csv: the members list's filters, no paging. */
export const membersExportQuerySchema = membersQuerySchema.pick({ search: true, tierId: true, status: true });
export type MembersExportQuery = z.input<typeof membersExportQuerySchema>;

/** GET /api/tenants/transactions/export.csv: the ledger between two instants (either end open). */
export const ledgerExportQuerySchema = z.object({
  from: isoDateTime('Use a date and time such as 2026-01-31T00:00:00Z').optional(),
  to: isoDateTime('Use a date and time such as 2026-01-31T00:00:00Z').optional(),
});

const optionalText = z
  .string()
  .trim()
  .max(MEMBER_TEXT_MAX, `At most ${MEMBER_TEXT_MAX} characters`)
  .refine(isCleanText, CLEAN_TEXT);

/**
 * One CSV row as the import reads it: names, e-mail and phone by the member form's own rules, then the
 * import's own columns (empty means "leave as it is" for an existing member). Every issue names its field.
 */
export const importRowSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: createMemberSchema.shape.email,
  phone: createMemberSchema.shape.phone,
  membershipCode: optionalText.default(''),
  tier: optionalText.default(''),
  points: z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d{1,9}$/.test(v) && Number(v) <= POINTS_CHANGE_MAX), IMPORT_MESSAGES.points)
    .default(''),
  lifetimeSpend: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,12}(\.\d{1,2})?$/.test(v), IMPORT_MESSAGES.lifetimeSpend)
    .default(''),
  // The stamps on the current card (docs/design.md §10), below a full card's (checked against the card's size when
  // written); empty: as it is.
  stamps: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{1,3}$/.test(v), IMPORT_MESSAGES.stamps)
    .default(''),
  // Month and day only (docs/design.md §10): MM-DD, --MM-DD or YYYY-MM-DD, kept as --MM-DD; empty: as it is.
  birthday: z
    .string()
    .trim()
    .refine((v) => v === '' || birthdayFromText(v) !== undefined, IMPORT_MESSAGES.birthday)
    .transform((v) => (v === '' ? '' : (birthdayFromText(v) as string)))
    .default(''),
});
export type ImportRowInput = z.input<typeof importRowSchema>;
export type ImportRowValues = z.output<typeof importRowSchema>;
