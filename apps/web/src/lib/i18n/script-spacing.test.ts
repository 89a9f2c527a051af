import { afterEach, describe, expect, it } from 'vitest';
import { setLocale, t } from './i18n';

describe('a value beside Chinese words', () => {
  afterEach(() => setLocale('en'));

  it('is set apart by a space when it is Latin, and not when it is Chinese', async () => {
    await setLocale('zh-Hant');
    expect(t('customer.joinTitle', { store: 'Harbour Bakery' })).toBe('加入 Harbour Bakery');
    expect(t('customer.joinTitle', { store: '港灣麵包坊' })).toBe('加入港灣麵包坊');
    await setLocale('zh-Hans');
    expect(t('customer.joinTitle', { store: 'Harbour Bakery' })).toBe('加入 Harbour Bakery');
    // Dates and numbers keep their own style.
    expect(t('customer.joinTitle', { store: '2024年' })).toBe('加入2024年');
  });

  it('leaves English as it is', () => {
    expect(t('customer.joinTitle', { store: '港灣Bakery' })).toBe('Join 港灣Bakery');
  });
});
