import { describe, expect, it } from 'vitest';
import { languagesOfHeader, localeFromLanguages } from './languages';

describe('the language of an Accept-Language header (the server paint of /join/<slug>)', () => {
  it.each([
    ['zh-HK,zh;q=0.9,en;q=0.8', ['zh-HK', 'zh', 'en'], 'zh-Hant'],
    ['en;q=0.5, zh-CN', ['zh-CN', 'en'], 'zh-Hans'],
    ['fr-FR,fr;q=0.9,zh-TW;q=0.8', ['fr-FR', 'fr', 'zh-TW'], 'zh-Hant'],
    ['de, *;q=0.1, zh-CN;q=0', ['de'], 'en'],
    ['', [], 'en'],
  ] as const)('%s → %s', (header, tags, locale) => {
    expect(languagesOfHeader(header)).toEqual(tags);
    expect(localeFromLanguages(languagesOfHeader(header))).toBe(locale);
  });

  it('reads no header as no preference', () => {
    expect(languagesOfHeader(undefined)).toEqual([]);
  });
});
