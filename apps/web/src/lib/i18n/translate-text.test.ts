import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from './i18n';
import { translateText } from './translate-text';

describe('translateText', () => {
  afterEach(() => void i18n.activate('en'));

  it('keeps English as written, translates known messages by their words and rebuilds those with numbers', async () => {
    expect(translateText('First name is required')).toBe('First name is required');
    await setLocale('zh-Hant');
    expect(translateText('First name is required')).toBe('必須填寫名字');
    expect(translateText('At most 120 characters')).toBe('最多 120 個字元');
    expect(translateText('This membership is held by 3 members; move them to another membership first')).toBe(
      '此會員等級有 3 位會員，請先將他們轉移到其他會員等級',
    );
    expect(translateText('Something the server says that nobody translated')).toBe(
      'Something the server says that nobody translated',
    );
    await setLocale('zh-Hans');
    expect(translateText("Passwords don't match")).toBe('两次输入的密码不一致');
  });

  it('shows the amounts of refusals as money, as the hints do, in each language', async () => {
    const exceeds = 'The refunds would exceed the purchase: at most 1,300.00 can still be refunded.';
    expect(translateText(exceeds)).toBe(
      'The refunds would exceed the purchase: at most $1,300.00 can still be refunded.',
    );
    expect(translateText('A purchase above 500.00 must be recorded by an admin or the owner.')).toBe(
      'A purchase above $500.00 must be recorded by an admin or the owner.',
    );
    await setLocale('zh-Hant');
    expect(translateText(exceeds)).toBe('退款總額會超過該筆消費：尚可退款最多 $1,300.00。');
    await setLocale('zh-Hans');
    expect(translateText(exceeds)).toBe('退款总额会超过该笔消费：尚可退款最多 $1,300.00。');
  });
});
