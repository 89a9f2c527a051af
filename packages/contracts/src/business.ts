import { z } from 'zod';
import { LANGUAGE_MESSAGE, LANGUAGES, type Language } from './languages';
import { quietHoursSchema } from './messages';
import { countriesOfPhone } from './phone-countries';

/**
 * The business's profile: its country, time zone and default language. "Per day" limits, review dates,
 * quiet hours and national phone numbers read it (the API's modules/business/profile.ts).
 */
export const BUSINESS_MESSAGES = {
  country: 'Country must be a two-letter ISO code like HK',
  timeZone: 'Time zone must be an IANA name like Asia/Hong_Kong',
  language: LANGUAGE_MESSAGE,
} as const;

/** The time zone a business in these countries gets at registration; every other country starts on UTC. */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  HK: 'Asia/Hong_Kong',
  TW: 'Asia/Taipei',
  CN: 'Asia/Shanghai',
};
export const DEFAULT_TIME_ZONE = 'UTC';

/** True for an IANA time zone name this runtime knows (Intl throws a RangeError for any other). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** True for an assigned ISO 3166-1 alpha-2 code (ZZ, "unknown region", is not a country). */
export function isCountryCode(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value) || value === 'ZZ') return false;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(value) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Country and time zone of a business whose owner has this phone: the country of its calling code (the first
 * one listed for a shared code such as +1), null when the code is not known; the country's time zone or UTC.
 */
export function businessDefaultsOfPhone(phone: string): { country: string | null; timeZone: string } {
  const country = countriesOfPhone(phone)[0] ?? null;
  return { country, timeZone: (country && COUNTRY_TIME_ZONES[country]) || DEFAULT_TIME_ZONE };
}

export const businessProfileSchema = z.object({
  /** ISO 3166-1 alpha-2; null when the owner's phone named no known country and nobody chose one yet. */
  country: z.string().nullable(),
  timeZone: z.string(),
  language: z.enum(LANGUAGES),
  /** When lock-screen notices wait (messages to cardholders), in the business's time zone; null: never. */
  quietHours: quietHoursSchema.nullable(),
});
export type BusinessProfile = z.infer<typeof businessProfileSchema>;

/** PUT /api/tenants/business: every field required; the country upper-cased before it is checked. */
export const businessProfileBodySchema = z.object({
  country: z
    .string({ error: BUSINESS_MESSAGES.country })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, BUSINESS_MESSAGES.country)
    .nullable(),
  timeZone: z.string({ error: BUSINESS_MESSAGES.timeZone }).trim().refine(isTimeZone, BUSINESS_MESSAGES.timeZone),
  language: z.enum(LANGUAGES, { error: BUSINESS_MESSAGES.language }),
  /** Absent: kept as stored (clients that predate it change nothing); null: no quiet hours. */
  quietHours: quietHoursSchema.nullable().optional(),
});
export type BusinessProfileInput = z.input<typeof businessProfileBodySchema>;
export type BusinessProfileBody = z.output<typeof businessProfileBodySchema>;

export const DEFAULT_BUSINESS_LANGUAGE: Language = 'en';
