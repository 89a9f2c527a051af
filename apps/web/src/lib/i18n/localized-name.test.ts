import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from './i18n';
import { localizedName } from './localized-name';

describe('localizedName', () => {
  afterEach(() => void i18n.activate('en'));

  it('shows the Traditional name in zh-Hant, the Simplified one in zh-Hans (else the Traditional), else the name as typed', async () => {
    expect(localizedName('Gold', '金卡', '金卡会员')).toBe('Gold');
    await setLocale('zh-Hant');
    expect(localizedName('Gold', '金卡', '金卡会员')).toBe('金卡');
    expect(localizedName('Gold', ' ', null)).toBe('Gold');
    await setLocale('zh-Hans');
    expect(localizedName('Gold', '金卡', '金卡会员')).toBe('金卡会员');
    // A Chinese reader reads the other script before English (docs/design.md §10).
    expect(localizedName('Gold', '金卡', undefined)).toBe('金卡');
    expect(localizedName('Gold', null, undefined)).toBe('Gold');
  });
});
