/** The portal's languages (docs/design.md §8): English is the default and keeps the spec's exact words. */
export const LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, so a reader finds their own whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-Hant': '繁體中文', 'zh-Hans': '简体中文' };
export const LANGUAGE_MESSAGE = 'Language must be en, zh-Hant or zh-Hans';

/**
 * The language for a browser's preference list: zh-HK, zh-TW, zh-MO and zh-Hant-* read Traditional; zh-CN, zh-SG,
 * zh-Hans-* and a bare zh read Simplified; English and every language we do not offer read English. The first tag
 * that names Chinese or English decides (a browser set to French then Traditional Chinese gets Traditional).
 * The web reads navigator.languages with it; the API reads Accept-Language (languagesOfHeader) the same way.
 */
export function localeFromLanguages(languages: readonly string[]): Language {
  for (const tag of languages) {
    const lower = tag.toLowerCase();
    if (/^zh-(hant|hk|tw|mo)\b/.test(lower)) return 'zh-Hant';
    if (/^zh(-(hans|cn|sg|my)\b|$)/.test(lower)) return 'zh-Hans';
    if (/^en\b/.test(lower)) return 'en';
  }
  return 'en';
}

/** An Accept-Language header's tags, most wanted first (by q, then as written): the browser's own list. */
export function languagesOfHeader(header: string | undefined): string[] {
  if (!header) return [];
  const tags = header.split(',').map((part, index) => {
    const [tag = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
  });
  return tags
    .filter((t) => t.tag && t.tag !== '*' && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.tag);
}
