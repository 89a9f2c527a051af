import { activeLocale } from '@/lib/i18n/i18n';
import { COUNTRIES, type Country, DEFAULT_COUNTRY_CODE, PRIORITY_CODES } from './countries';

/** Lower case without accents, so "cote" finds "Côte d'Ivoire" and "reunion" finds "Réunion". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

export function stripNonDigits(text: string): string {
  return text.replace(/\D/g, '');
}

/** The full value the field reports: dial code plus digits, or '' when no digit was typed (docs/spec/access-and-identity.md §5). */
export function buildPhoneValue(dialCode: string, digits: string): string {
  return digits ? `${dialCode}${digits}` : '';
}

// The table's names are English; other languages name each region through Intl (CLDR's names, as the browser has them).
const regionNames = new Map<string, Intl.DisplayNames | null>();

/** A country's name in the active language (the table's English name when the browser has none). */
export function countryName(country: Country): string {
  const locale = activeLocale();
  if (locale === 'en') return country.name;
  if (!regionNames.has(locale)) {
    regionNames.set(
      locale,
      typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([locale], { type: 'region' }) : null,
    );
  }
  const local = regionNames.get(locale)?.of(country.code);
  return local && local !== country.code ? local : country.name;
}

/**
 * docs/spec/access-and-identity.md §5: search on the name (accent-insensitive), the two-letter code, or the digits of the dial code; the name in
 * the active language matches too, so 香港 finds Hong Kong.
 */
export function countryMatches(country: Country, query: string): boolean {
  const q = normalizeText(query);
  if (!q) return true;
  if (normalizeText(country.name).includes(q)) return true;
  if (normalizeText(countryName(country)).includes(q)) return true;
  if (country.code.toLowerCase() === q) return true;
  const digits = stripNonDigits(q);
  // Only when the query is a dial code ("852", "+852"): "a1" must not match every +1 country.
  return digits !== '' && /^\+?[\d\s-]+$/.test(q) && stripNonDigits(country.dial_code).startsWith(digits);
}

export interface CountryGroups {
  /** Hong Kong then United States, when they match. */
  priority: Country[];
  /** Every other match, alphabetical. */
  others: Country[];
}

const byName = (a: Country, b: Country) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
const SORTED = [...COUNTRIES].sort(byName);
const PRIORITY: Country[] = PRIORITY_CODES.map((code) => findCountry(code)).filter((c): c is Country => !!c);

export function groupCountries(query: string): CountryGroups {
  const isPriority = (c: Country) => (PRIORITY_CODES as readonly string[]).includes(c.code);
  return {
    priority: PRIORITY.filter((c) => countryMatches(c, query)),
    others: SORTED.filter((c) => !isPriority(c) && countryMatches(c, query)),
  };
}

export function findCountry(code: string | undefined): Country | undefined {
  if (!code) return undefined;
  const upper = code.toUpperCase();
  return COUNTRIES.find((c) => c.code === upper);
}

export const defaultCountry = (code?: string): Country =>
  findCountry(code) ?? findCountry(DEFAULT_COUNTRY_CODE) ?? (COUNTRIES[0] as Country);

// Several countries share a dial code; a stored number is shown with the one most people mean.
const MAIN_FOR_DIAL: Record<string, string> = {
  '+1': 'US',
  '+7': 'RU',
  '+44': 'GB',
  '+61': 'AU',
  '+47': 'NO',
  '+212': 'MA',
  '+262': 'RE',
  '+358': 'FI',
  '+590': 'GP',
};

/**
 * Splits a full value ("+85291234567") into its country and national digits, by the longest dial code
 * that prefixes it; `preferred` wins among countries sharing that code (keeps Canada selected for +1...).
 * Undefined when no dial code matches.
 */
export function parsePhoneValue(value: string, preferred?: string): { country: Country; digits: string } | undefined {
  const all = stripNonDigits(value);
  if (!all) return undefined;
  let best: Country[] = [];
  let bestLength = 0;
  for (const country of COUNTRIES) {
    const dial = stripNonDigits(country.dial_code);
    if (!all.startsWith(dial) || dial.length < bestLength) continue;
    if (dial.length > bestLength) {
      best = [];
      bestLength = dial.length;
    }
    best.push(country);
  }
  if (best.length === 0) return undefined;
  const dialCode = best[0]?.dial_code ?? '';
  const country =
    best.find((c) => c.code === preferred) ??
    best.find((c) => c.code === MAIN_FOR_DIAL[dialCode]) ??
    (best[0] as Country);
  return { country, digits: all.slice(bestLength) };
}
