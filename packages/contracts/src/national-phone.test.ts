import { describe, expect, it } from 'vitest';
import { internationalPhoneOf } from './national-phone';

describe('a phone in the business country’s national format', () => {
  it.each([
    ['HK', '91234567', '+85291234567'],
    ['HK', '9123 4567', '+85291234567'],
    ['HK', '2345-6789', '+85223456789'],
    ['MO', '6612 3456', '+85366123456'],
    ['SG', '8123 4567', '+6581234567'],
    ['TW', '0912 345 678', '+886912345678'],
    ['TW', '0912-345-678', '+886912345678'],
    ['TW', '912345678', '+886912345678'],
    ['TW', '(02) 2345-6789', '+886223456789'],
    ['TW', '07 123 4567', '+88671234567'],
    ['CN', '138 0013 8000', '+8613800138000'],
    ['CN', '13800138000', '+8613800138000'],
    ['CN', '010 1234 5678', '+861012345678'],
    ['CN', '0138 0013 8000', '+8613800138000'],
    ['CN', '0755-1234-5678', '+8675512345678'],
  ])('%s: %s is %s', (country, typed, stored) => {
    expect(internationalPhoneOf(typed, country)).toBe(stored);
  });

  it.each([
    ['HK', '1234567', 'too short'],
    ['HK', '123456789', 'too long'],
    ['HK', '12345678', 'no Hong Kong number starts with 1'],
    ['HK', '0912 345 678', 'a Taiwan mobile read in Hong Kong'],
    ['TW', '91234567', 'a Hong Kong mobile read in Taiwan'],
    ['TW', '0012345678', 'no area code starts with 0'],
    ['CN', '12800138000', 'no mobile starts with 12'],
    ['CN', 'M000001', 'a membership code'],
    ['CN', '+8613800138000', 'already international'],
    ['US', '2025550123', 'a country whose format is not read here'],
  ])('%s: %s is not read (%s)', (country, typed) => {
    expect(internationalPhoneOf(typed, country)).toBeUndefined();
  });

  it('reads nothing for a business without a country', () => {
    expect(internationalPhoneOf('91234567', null)).toBeUndefined();
    expect(internationalPhoneOf('91234567', undefined)).toBeUndefined();
  });
});
