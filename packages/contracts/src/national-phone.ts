import { PHONE_PATTERN } from './phone';

/**
 * How staff in a country type a phone without its country code, for the regions this product serves first:
 * the calling code, and the national number's shape with the trunk prefix ("0" in Taiwan and mainland China)
 * typed or not. Hong Kong, Macau and Singapore have no trunk prefix: their numbers are 8 digits.
 */
type NationalRule = {
  callingCode: string;
  /** The number after a typed trunk "0" (area code or mobile prefix, then the subscriber's digits). */
  afterTrunk?: RegExp;
  /** The number typed without a trunk prefix. */
  bare: RegExp;
};

const RULES: Readonly<Record<string, NationalRule>> = {
  HK: { callingCode: '852', bare: /^[2-9]\d{7}$/ },
  MO: { callingCode: '853', bare: /^[268]\d{7}$/ },
  SG: { callingCode: '65', bare: /^[3689]\d{7}$/ },
  // 0912 345 678 (mobile), 02 2345 6789 (Taipei), 07 123 4567 (Kaohsiung); a mobile may lose its 0.
  TW: { callingCode: '886', afterTrunk: /^[2-9]\d{7,8}$/, bare: /^9\d{8}$/ },
  // 138 0013 8000 (mobile, never with 0); 010 1234 5678 (Beijing), 0755 1234 5678 (Shenzhen).
  CN: { callingCode: '86', afterTrunk: /^[1-9]\d{8,10}$/, bare: /^1[3-9]\d{9}$/ },
};

/** The countries whose national format `internationalPhoneOf` reads. */
export const NATIONAL_PHONE_COUNTRIES = Object.keys(RULES);

/**
 * A phone typed as staff in `country` type it (`91234567` in Hong Kong, `0912 345 678` in Taiwan,
 * `138 0013 8000` in mainland China; spaces, dashes, dots and brackets ignored) in the international format
 * members' phones are stored in (`+85291234567`); undefined when the text is not such a number or the
 * country's format is not known here. A text that already starts with `+` is international and not read here.
 */
export function internationalPhoneOf(text: string, country: string | null | undefined): string | undefined {
  const rule = country ? RULES[country] : undefined;
  if (!rule) return undefined;
  const digits = text.replace(/[\s\-.()]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const national =
    rule.afterTrunk && digits.startsWith('0')
      ? rule.afterTrunk.test(digits.slice(1))
        ? digits.slice(1)
        : undefined
      : rule.bare.test(digits)
        ? digits
        : undefined;
  const international = national && `+${rule.callingCode}${national}`;
  return international && PHONE_PATTERN.test(international) ? international : undefined;
}
