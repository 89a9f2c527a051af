import { describe, expect, it } from 'vitest';
import { dateText, parseDateText } from './date-text';

describe('a day as the reader types it', () => {
  it('is written in the language’s order', () => {
    expect(dateText('2026-11-29', 'en')).toBe('11/29/2026');
    expect(dateText('2026-11-29', 'zh-Hant')).toBe('2026/11/29');
    expect(dateText('2026-11-29', 'zh-Hans')).toBe('2026/11/29');
    expect(dateText('', 'en')).toBe('');
  });

  it.each([
    ['en', '11/29/2026', '2026-11-29'],
    ['en', '3/7/2026', '2026-03-07'],
    ['en', '03-07-2026', '2026-03-07'],
    ['en', '03072026', '2026-03-07'],
    ['en', '2026-03-07', '2026-03-07'],
    ['zh-Hant', '2026/3/7', '2026-03-07'],
    ['zh-Hant', '2026年3月7日', '2026-03-07'],
    ['zh-Hans', '20260307', '2026-03-07'],
    ['en', '02/29/2028', '2028-02-29'],
  ])('%s: %s reads as %s', (locale, text, iso) => {
    expect(parseDateText(text, locale)).toEqual({ kind: 'date', iso });
  });

  it.each([
    ['en', '02/29/2026', 'notExist'],
    ['en', '04/31/2026', 'notExist'],
    ['en', '13/01/2026', 'notExist'],
    ['zh-Hant', '2026/02/30', 'notExist'],
    ['en', '11/29', 'unreadable'],
    ['en', 'tomorrow', 'unreadable'],
    ['en', '11/29/26', 'unreadable'],
    ['zh-Hans', '29/11/2026', 'unreadable'],
    ['en', '', 'empty'],
  ])('%s: %s is %s', (locale, text, kind) => {
    expect(parseDateText(text, locale).kind).toBe(kind);
  });
});
