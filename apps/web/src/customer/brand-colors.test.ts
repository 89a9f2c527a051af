import { describe, expect, it } from 'vitest';
import { contrast, readableOn } from './brand-colors';

describe('brand colours on the customer pages', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#a855f7', '#ffffff')).toBeLessThan(4.5);
    expect(contrast('rgb(0,0,0)', '#ffffff')).toBeNull();
  });

  it('keeps a readable tenant colour, and swaps an unreadable one for black or white', () => {
    expect(readableOn('#1f2937', '#fde68a')).toBe('#fde68a');
    // The default pass colours (white on #a855f7) read 3:1: the text turns black.
    expect(readableOn('#a855f7', '#ffffff')).toBe('#000000');
    expect(readableOn('#1e3a8a', '#334155')).toBe('#ffffff');
    expect(readableOn('not a colour', '#ffffff')).toBe('#ffffff');
  });
});
