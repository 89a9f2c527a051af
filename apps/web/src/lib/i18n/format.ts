import { activeLocale } from './i18n';

// Numbers, money and dates in the active language (docs/design.md §8). Formatters are cached per language and shape:
// building an Intl formatter costs far more than using one.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  const full = `${activeLocale()}|${key}`;
  let formatter = cache.get(full) as T | undefined;
  if (!formatter) {
    formatter = make();
    cache.set(full, formatter);
  }
  return formatter;
}

/** Whole numbers (points balances, counts) with the language's grouping. */
export const formatNumber = (value: number): string =>
  cached('int', () => new Intl.NumberFormat(activeLocale(), { maximumFractionDigits: 0 })).format(value);

/** An amount with two decimals and the dollar sign the portal has always shown (tenants set no currency). */
export const formatMoney = (value: number): string => {
  const digits = cached(
    'money',
    () => new Intl.NumberFormat(activeLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(Math.abs(value));
  return value < 0 ? `-$${digits}` : `$${digits}`;
};

/** A date (ledger entries, expiry). */
export const formatDate = (value: Date | string): string =>
  cached('date', () => new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'medium' })).format(new Date(value));

/** A date and time. */
export const formatDateTime = (value: Date | string): string =>
  cached('datetime', () => new Intl.DateTimeFormat(activeLocale(), { dateStyle: 'medium', timeStyle: 'short' })).format(
    new Date(value),
  );
