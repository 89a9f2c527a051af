import { z } from 'zod';

/**
 * A birthday as month and day only, `--MM-DD` (ISO 8601's form without a year); 29 February is allowed (its
 * automation fires on 28 February in other years).
 */
export const BIRTHDAY_MESSAGE = 'Use month and day, such as --04-23';
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export function isBirthday(value: string): boolean {
  const m = /^--(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (DAYS_IN_MONTH[month - 1] as number);
}
/**
 * A birthday as the CSV import takes it: `--MM-DD`, `MM-DD` or `YYYY-MM-DD` (only month and day are kept); an
 * answer of `--MM-DD`, or undefined when it is none of these.
 */
export function birthdayFromText(value: string): string | undefined {
  const t = value.trim();
  const m = /^(?:--|\d{4}-)?(\d{2})-(\d{2})$/.exec(t);
  if (!m) return undefined;
  const out = `--${m[1]}-${m[2]}`;
  return isBirthday(out) ? out : undefined;
}
/** An optional birthday in a body: `--MM-DD`; empty text or null means none. */
export const optionalBirthday = z
  .string({ error: BIRTHDAY_MESSAGE })
  .trim()
  .refine((v) => v === '' || isBirthday(v), BIRTHDAY_MESSAGE)
  .nullable()
  .transform((v) => (v ? v : null));
