import { describe, expect, it } from 'vitest';
import { localeFromLanguages } from './locales';

describe('localeFromLanguages', () => {
  it.each([
    [['zh-HK'], 'zh-Hant'],
    [['zh-TW', 'en'], 'zh-Hant'],
    [['zh-Hant-HK'], 'zh-Hant'],
    [['zh-CN'], 'zh-Hans'],
    [['zh-SG'], 'zh-Hans'],
    [['zh-Hans'], 'zh-Hans'],
    [['zh'], 'zh-Hans'],
    [['en-GB', 'zh-HK'], 'en'],
    [['fr-FR', 'zh-TW'], 'zh-Hant'],
    [['de'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (languages, locale) => {
    expect(localeFromLanguages(languages)).toBe(locale);
  });
});
