import { describe, expect, it } from 'vitest';
import { composePhone, firstCountry, offeredCountries, phoneAllowed } from './phone-country';

describe('the join page phone check (refused before any SMS)', () => {
  it('allows every country when the list is empty, else only the listed ones', () => {
    expect(phoneAllowed('+447700900123', [])).toBe(true);
    expect(phoneAllowed('+85291234567', ['HK'])).toBe(true);
    expect(phoneAllowed('+447700900123', ['HK'])).toBe(false);
    // +1 is shared: allowing the US allows the code (the API's rule, packages/contracts/src/phone-countries.ts).
    expect(phoneAllowed('+12125550100', ['US'])).toBe(true);
    expect(phoneAllowed('+14165550100', ['US'])).toBe(true);
  });

  it('offers the allowed countries, Hong Kong first when offered', () => {
    expect(offeredCountries(['SG', 'MO']).map((c) => c.code)).toEqual(['MO', 'SG']);
    expect(firstCountry(offeredCountries(['SG', 'HK'])).code).toBe('HK');
    expect(firstCountry(offeredCountries(['SG'])).code).toBe('SG');
    expect(offeredCountries([]).length).toBeGreaterThan(200);
  });

  it('composes E.164 from the picked code, or takes a typed international number as it is', () => {
    expect(composePhone('+852', '9123 4567')).toBe('+85291234567');
    expect(composePhone('+44', '07700 900123')).toBe('+447700900123');
    expect(composePhone('+852', '+44 7700 900123')).toBe('+447700900123');
    expect(composePhone('+852', '12')).toBeNull();
    expect(composePhone('+852', '')).toBeNull();
  });
});
