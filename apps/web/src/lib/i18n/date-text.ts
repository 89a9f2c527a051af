import { activeLocale } from './i18n';

/**
 * A calendar day typed and shown in the reader's language's order (11/29/2026 in English, 2026/11/29 in
 * Chinese), while the value the screens send stays `YYYY-MM-DD`. The order and separator come from Intl, so
 * they are the ones the reader sees on every other date of the portal.
 */

type Part = 'year' | 'month' | 'day';
export type DateLayout = { order: Part[]; separator: string };

const layouts = new Map<string, DateLayout>();

/** The order of year, month and day, and what stands between them, in `locale` (the active one by default). */
export function dateLayout(locale: string = activeLocale()): DateLayout {
  let layout = layouts.get(locale);
  if (!layout) {
    const parts = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(2026, 10, 29));
    const order = parts.map((p) => p.type).filter((type): type is Part => ['year', 'month', 'day'].includes(type));
    // A reader whose order Intl spells with words (年月日) types digits with slashes, as Chrome's own field shows.
    const literal = parts.find((p) => p.type === 'literal')?.value ?? '/';
    layout = { order, separator: /^[/.-]$/.test(literal.trim()) ? literal.trim() : '/' };
    layouts.set(locale, layout);
  }
  return layout;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as the reader types it; anything else as ''. */
export function dateText(iso: string, locale?: string): string {
  const match = ISO.exec(iso);
  if (!match) return '';
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const { order, separator } = dateLayout(locale);
  const value: Record<Part, string> = { year, month, day };
  return order.map((part) => value[part]).join(separator);
}

/** What the typed text is: nothing, a day (as `YYYY-MM-DD`), not a date at all, or a day no calendar has. */
export type ParsedDate =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  | { kind: 'unreadable' }
  | { kind: 'notExist' };

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether 29 February 2025 or 31 April is a day: the calendar's own answer. */
export function dayExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads a typed day: digits in the reader's order with any separators (/ - . space 年 月 日), eight digits in a
 * row, or `YYYY-MM-DD` whatever the language (a pasted ISO date, or a Chinese reader's habit in English).
 */
export function parseDateText(text: string, locale?: string): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const { order } = dateLayout(locale);
  let groups = trimmed.split(/\D+/).filter(Boolean);
  if (/^\d{8}$/.test(trimmed)) {
    // 20261129 or 11292026: the year's four digits where the reader's order puts the year.
    const widths = order.map((part) => (part === 'year' ? 4 : 2));
    let at = 0;
    groups = widths.map((width) => {
      const group = trimmed.slice(at, at + width);
      at += width;
      return group;
    });
  }
  if (groups.length !== 3 || /[^\d\s/.\-年月日]/.test(trimmed)) {
    return { kind: 'unreadable' };
  }
  const parts = (groups[0] as string).length === 4 ? (['year', 'month', 'day'] as Part[]) : order;
  const value = Object.fromEntries(parts.map((part, i) => [part, groups[i] as string])) as Record<Part, string>;
  if (value.year.length !== 4 || value.month.length > 2 || value.day.length > 2) return { kind: 'unreadable' };
  const [year, month, day] = [Number(value.year), Number(value.month), Number(value.day)];
  if (!dayExists(year, month, day)) return { kind: 'notExist' };
  return { kind: 'date', iso: `${value.year}-${pad(month)}-${pad(day)}` };
}

/** A `YYYY-MM-DD` day as a local Date at midnight (what a calendar draws), and back. */
export const dayToDate = (iso: string): Date | undefined => {
  const match = ISO.exec(iso);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined;
};
export const dateToDay = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
