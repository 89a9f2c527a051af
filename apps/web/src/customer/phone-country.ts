import { phoneCountryAllowed } from '@loyalty/contracts';
import { COUNTRIES, type Country, DEFAULT_COUNTRY_CODE } from '@/components/phone-input/countries';

/**
 * Whether the enrolment lets this number join (SMS pumping guard, docs/design.md §8), checked before any code is asked
 * for: the contracts' rule by calling code (longest prefix; a shared code such as +1 names every country using
 * it), the very rule the API applies to the verified phone when the customer joins. Empty list: any country.
 */
export function phoneAllowed(e164: string, allowed: readonly string[]): boolean {
  return phoneCountryAllowed(e164, allowed);
}

/** The countries the picker offers: the allowed ones, or all of them. */
export function offeredCountries(allowed: readonly string[]): readonly Country[] {
  if (allowed.length === 0) return COUNTRIES;
  const offered = COUNTRIES.filter((c) => allowed.includes(c.code));
  return offered.length > 0 ? offered : COUNTRIES;
}

/** The picker's first choice: Hong Kong when offered, else the first offered country. */
export function firstCountry(offered: readonly Country[]): Country {
  return offered.find((c) => c.code === DEFAULT_COUNTRY_CODE) ?? (offered[0] as Country);
}

/**
 * The number to verify: what the customer typed, with the picked dial code unless they typed a whole
 * international number (+…). Null when too short or too long to be a phone number.
 */
export function composePhone(dialCode: string, typed: string): string | null {
  const trimmed = typed.trim();
  const digits = trimmed.replace(/\D/g, '');
  const e164 = trimmed.startsWith('+') ? `+${digits}` : `${dialCode}${digits.replace(/^0+/, '')}`;
  return /^\+[1-9]\d{6,14}$/.test(e164) ? e164 : null;
}
