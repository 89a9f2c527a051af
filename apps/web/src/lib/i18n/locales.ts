import { LANGUAGE_NAMES, LANGUAGES, type Language, localeFromLanguages } from '@loyalty/contracts';

/** The portal's languages (docs/design.md §8, the contracts' list): English is the default and keeps the spec's words. */
export const LOCALES = LANGUAGES;
export type Locale = Language;
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader finds their own whatever the screen's language. */
export const LOCALE_NAMES: Record<Locale, string> = LANGUAGE_NAMES;

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The rule the API's server paint of /join follows too (Accept-Language), so both pick one language. */
export { localeFromLanguages };
