import { INSIGHTS_MAX_BUCKETS, type InsightsInterval } from '@loyalty/contracts';

/** The period picker's choices (docs/design.md §10): the last 7 or 30 days by day, 12 months by month, or custom. */
export const PERIOD_CHOICES = ['7d', '30d', '12m', 'custom'] as const;
export type PeriodChoice = (typeof PERIOD_CHOICES)[number];

export type SeriesRange = { from: string; to: string; interval: InsightsInterval };

const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => new Date(toTime(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Today in `timeZone` (the business's; the browser's when unknown), as a calendar day. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The range of a fixed choice ending today: the last 7 or 30 days by day, or 12 months by month (this one included). */
export function rangeOf(choice: Exclude<PeriodChoice, 'custom'>, today: string): SeriesRange {
  if (choice === '7d') return { from: addDays(today, -6), to: today, interval: 'day' };
  if (choice === '30d') return { from: addDays(today, -29), to: today, interval: 'day' };
  const d = new Date(toTime(`${today.slice(0, 7)}-01`));
  d.setUTCMonth(d.getUTCMonth() - 11);
  return { from: d.toISOString().slice(0, 10), to: today, interval: 'month' };
}

/**
 * The interval a custom range is drawn by: days up to three months, weeks up to two years, months beyond, so a
 * chart never holds more than about a hundred points (and never more than the API's 400).
 */
export function intervalFor(from: string, to: string): InsightsInterval {
  const days = (toTime(to) - toTime(from)) / DAY_MS + 1;
  if (days <= 92) return 'day';
  if (days <= 731) return 'week';
  return 'month';
}

/** Why a custom range cannot be asked for (the field says it), or null. */
export function rangeProblem(from: string, to: string): 'order' | 'tooLong' | 'missing' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return 'missing';
  if (to < from) return 'order';
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  if (months + 1 > INSIGHTS_MAX_BUCKETS) return 'tooLong';
  return null;
}
