import { describe, expect, it } from 'vitest';
import { maskPhone } from './mask-phone';

describe('maskPhone', () => {
  it('keeps the country digit and the last four digits', () => {
    expect(maskPhone('+85291234567')).toBe('+8••••••4567');
    expect(maskPhone('+15551234567')).toBe('+1••••••4567');
  });

  it('ignores formatting characters', () => {
    expect(maskPhone('+852 9123-4567')).toBe('+8••••••4567');
  });

  it('leaves numbers too short to mask as they are', () => {
    expect(maskPhone('+1234')).toBe('+1234');
  });
});
