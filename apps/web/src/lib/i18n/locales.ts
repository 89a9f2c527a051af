import { LANGUAGES, type Language } from '@loyalty/contracts';

/** The portal's languages (issue 18, the contracts' list): English is the default and keeps the spec's words. */
export const LOCALES = LANGUAGES;
export type Locale = Language;
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, so a reader finds their own whatever the screen's language. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', 'zh-Hant': '繁體中文', 'zh-Hans': '简体中文' }; // i18n-ignore

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/**
 * The language for a browser's preference list: zh-HK, zh-TW, zh-MO and zh-Hant-* read Traditional; zh-CN, zh-SG,
 * zh-Hans-* and a bare zh read Simplified; English and every language we do not offer read English. The first tag
 * that names Chinese or English decides (a browser set to French then Traditional Chinese gets Traditional).
 */
export function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (/^zh-(hant|hk|tw|mo)\b/.test(lower)) return 'zh-Hant';
    if (/^zh(-(hans|cn|sg|my)\b|$)/.test(lower)) return 'zh-Hans';
    if (/^en\b/.test(lower)) return 'en';
  }
  return DEFAULT_LOCALE;
}
