import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatNumber } from './format';
import { i18n, setLocale } from './i18n';

describe('formatters in the active language', () => {
  afterEach(() => void i18n.activate('en'));

  it('groups numbers, keeps the dollar amounts the spec shows and names dates per language', async () => {
    expect(formatNumber(1255)).toBe('1,255');
    expect(formatMoney(7.55)).toBe('$7.55');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatDate('2026-11-24T12:00:00Z')).toBe('Nov 24, 2026');
    await setLocale('zh-Hant');
    expect(formatNumber(1255)).toBe('1,255');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatDate('2026-11-24T12:00:00Z')).toBe('2026年11月24日');
  });
});
