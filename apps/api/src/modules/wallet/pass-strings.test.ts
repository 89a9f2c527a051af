import { describe, expect, it } from 'vitest';
import { expiringTexts, pointsChangedText, rewardLines } from './pass-strings';

describe('the texts we fill ourselves', () => {
  it('count one point in the singular, more in the plural (Chinese has no plural)', () => {
    const at = new Date(Date.UTC(2026, 11, 31, 12));
    expect(expiringTexts(at, 'UTC', 1).en.notice).toBe('1 point expires on Dec 31, 2026');
    expect(expiringTexts(at, 'UTC', 2).en.notice).toBe('2 points expire on Dec 31, 2026');
    expect(expiringTexts(at, 'UTC', 1)['zh-Hant'].notice).toBe('1 積分將於 2026年12月31日 到期');
    // Apple fills the count itself: the field's changeMessage keeps %@.
    expect(expiringTexts(at, 'UTC').en.notice).toBe('%@ points expire on Dec 31, 2026');
    // ...in the grammar of the count the field carries.
    expect(expiringTexts(at, 'UTC', 1, true).en.notice).toBe('%@ point expires on Dec 31, 2026');
    expect(expiringTexts(at, 'UTC', 3, true).en.notice).toBe('%@ points expire on Dec 31, 2026');
    expect(pointsChangedText('en', 1)).toBe('You now have %@ point');
    expect(pointsChangedText('en', 0)).toBe('You now have %@ points');
    expect(pointsChangedText('zh-Hant', 1)).toBe('您現在有 %@ 積分');
  });

  it('name a reward in Simplified Chinese, else Traditional, else as typed (zh-Hans → zh-Hant → en)', () => {
    const coffee = { name: 'Free coffee', nameZh: '免費咖啡', nameCn: null, pointsCost: 1 };
    expect(rewardLines([coffee], 'zh-Hans')).toBe('免費咖啡：1 积分');
    expect(rewardLines([coffee], 'en')).toBe('Free coffee: 1 point');
  });
});
