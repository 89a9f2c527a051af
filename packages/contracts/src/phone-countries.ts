/**
 * Which countries an international phone number belongs to, by its calling code (longest prefix wins).
 * Enough for the join page's allowed-countries rule (docs/design.md §8, SMS abuse) and for the default of that rule
 * (the owner's phone country); a number whose code is not listed belongs to no known country. Shared calling
 * codes (+1, +7) name every country that uses them, so allowing any of those countries allows the code.
 */
const CALLING_CODES: Record<string, readonly string[]> = {
  '1': ['US', 'CA'],
  '7': ['RU', 'KZ'],
  '20': ['EG'],
  '27': ['ZA'],
  '30': ['GR'],
  '31': ['NL'],
  '32': ['BE'],
  '33': ['FR'],
  '34': ['ES'],
  '36': ['HU'],
  '39': ['IT'],
  '40': ['RO'],
  '41': ['CH'],
  '43': ['AT'],
  '44': ['GB'],
  '45': ['DK'],
  '46': ['SE'],
  '47': ['NO'],
  '48': ['PL'],
  '49': ['DE'],
  '51': ['PE'],
  '52': ['MX'],
  '54': ['AR'],
  '55': ['BR'],
  '56': ['CL'],
  '57': ['CO'],
  '60': ['MY'],
  '61': ['AU'],
  '62': ['ID'],
  '63': ['PH'],
  '64': ['NZ'],
  '65': ['SG'],
  '66': ['TH'],
  '81': ['JP'],
  '82': ['KR'],
  '84': ['VN'],
  '86': ['CN'],
  '90': ['TR'],
  '91': ['IN'],
  '92': ['PK'],
  '351': ['PT'],
  '353': ['IE'],
  '358': ['FI'],
  '852': ['HK'],
  '853': ['MO'],
  '855': ['KH'],
  '880': ['BD'],
  '886': ['TW'],
  '966': ['SA'],
  '971': ['AE'],
  '972': ['IL'],
  '974': ['QA'],
};

/** The ISO 3166 alpha-2 codes of the phone's calling code (`+85291234567` → `['HK']`); empty when unknown. */
export function countriesOfPhone(phone: string): readonly string[] {
  const digits = phone.replace(/^\+/, '');
  for (let length = 3; length >= 1; length--) {
    const found = CALLING_CODES[digits.slice(0, length)];
    if (found) return found;
  }
  return [];
}

/** True when the phone may join under `allowed` (empty: any country). */
export function phoneCountryAllowed(phone: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return countriesOfPhone(phone).some((country) => allowed.includes(country));
}
