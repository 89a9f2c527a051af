import { COUNTRIES, type Country, DEFAULT_COUNTRY_CODE } from '@/components/phone-input/countries';

/**
 * The countries an E.164 number may belong to, by its calling code: the longest dial code of the table that
 * starts the number, and every country sharing it. So +1 212… is any +1 country (US, CA…), while +1 876… is
 * Jamaica only (its own +1876 entry), and +44 7… is GB, GG, IM and JE alike.
 */
export function countriesOfNumber(e164: string): string[] {
  let best = '';
  for (const country of COUNTRIES) {
    if (e164.startsWith(country.dial_code) && country.dial_code.length > best.length) best = country.dial_code;
  }
  return best ? COUNTRIES.filter((c) => c.dial_code === best).map((c) => c.code) : [];
}

/**
 * Whether the enrolment lets this number join (SMS pumping guard, DESIGN §8): checked before any code is
 * asked for. An empty list allows every country.
 */
export function phoneAllowed(e164: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return countriesOfNumber(e164).some((code) => allowed.includes(code));
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
