import type { InsightsInterval, TimeseriesBucket } from '@loyalty/contracts';
import { activeLocale } from '@/lib/i18n/i18n';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A bucket's name in the reader's language: its day, its week's first day, or its month (the days are plain dates). */
export function periodLabel(
  bucket: Pick<TimeseriesBucket, 'start'>,
  interval: InsightsInterval,
  short = false,
): string {
  const key = `${activeLocale()}|${interval}|${short}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      activeLocale(),
      interval === 'month'
        ? { timeZone: 'UTC', year: 'numeric', month: short ? 'short' : 'long' }
        : { timeZone: 'UTC', month: 'short', day: 'numeric', ...(short ? {} : { year: 'numeric' }) },
    );
    formats.set(key, format);
  }
  return format.format(new Date(`${bucket.start}T00:00:00Z`));
}
