import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileServerTexts, readCatalog } from './server-texts';

describe('the customer texts written for the API (customer-texts.json)', () => {
  const catalogs = { en: readCatalog('en'), 'zh-Hant': readCatalog('zh-Hant'), 'zh-Hans': readCatalog('zh-Hans') };
  const texts = compileServerTexts(catalogs);

  it('holds the customer keys of every language and nothing of the workspace', () => {
    for (const locale of ['en', 'zh-Hant', 'zh-Hans'] as const) {
      const keys = Object.keys(texts[locale] ?? {});
      expect(keys).toContain('customer.joinTitle');
      expect(keys).toContain('language.label');
      expect(keys.every((key) => key.startsWith('customer.') || key.startsWith('language.'))).toBe(true);
    }
  });

  it('formats with Lingui as the API reads it, plurals included', () => {
    const en = setupI18n({ locale: 'en', messages: { en: texts.en as never } });
    expect(en._('customer.joinTitle', { store: 'Tea House' })).toBe('Join Tea House');
    expect(en._('customer.welcomePoints', { points: 1 })).toBe('Join now and get 1 point');
    expect(en._('customer.welcomePoints', { points: 50 })).toBe('Join now and get 50 points');
    const hk = setupI18n({ locale: 'zh-Hant', messages: { 'zh-Hant': texts['zh-Hant'] as never } });
    expect(hk._('customer.sendCode')).toBe(catalogs['zh-Hant']['customer.sendCode']);
  });
});
