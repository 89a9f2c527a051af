import type { InsightsInterval } from '@loyalty/contracts';

/**
 * The periods of a timeseries (docs/design.md §10), in plain calendar days: days are the business's, so a date
 * here is a name ("2026-11-30"), reckoned in UTC arithmetic to stay clear of the server's own zone.
 */
const DAY_MS = 86_400_000;
const toTime = (day: string) => Date.parse(`${day}T00:00:00Z`);
const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => toDay(toTime(day) + days * DAY_MS);

/** The first day of the period holding `day`: itself, its week's Monday, its month's first. */
export function periodStart(day: string, interval: InsightsInterval): string {
  if (interval === 'day') return day;
  if (interval === 'week') return addDays(day, -((new Date(toTime(day)).getUTCDay() + 6) % 7));
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the period after the one starting `start` (a period's start), or before it with `-1`. */
export function nextStart(start: string, interval: InsightsInterval, step: 1 | -1 = 1): string {
  if (interval === 'day') return addDays(start, step);
  if (interval === 'week') return addDays(start, 7 * step);
  const d = new Date(toTime(start));
  d.setUTCMonth(d.getUTCMonth() + step);
  return toDay(d.getTime());
}

/** How many periods `from`…`to` touches, counted without listing them (a range of centuries is refused cheaply). */
export function periodCount(from: string, to: string, interval: InsightsInterval): number {
  const first = periodStart(from, interval);
  const last = periodStart(to, interval);
  if (interval === 'day') return (toTime(last) - toTime(first)) / DAY_MS + 1;
  if (interval === 'week') return (toTime(last) - toTime(first)) / (7 * DAY_MS) + 1;
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  return months(last) - months(first) + 1;
}

export type Period = { key: string; start: string; end: string };

/**
 * The periods from `from` to `to`: each keyed by its full period's first day, its `start` and `end` cut to the
 * range (a weekly series from a Wednesday starts that Wednesday).
 */
export function periods(from: string, to: string, interval: InsightsInterval): Period[] {
  const out: Period[] = [];
  for (let key = periodStart(from, interval); key <= to; key = nextStart(key, interval)) {
    const end = addDays(nextStart(key, interval), -1);
    out.push({ key, start: key < from ? from : key, end: end > to ? to : end });
  }
  return out;
}

/** Today in `timeZone` (the business's), as a calendar day. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
