/** The portal's languages (issue 18): English is the default and keeps the spec's exact words. */
export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_MESSAGE = 'Language must be en, zh-Hant or zh-Hans';
