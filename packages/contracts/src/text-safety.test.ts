import { describe, expect, it } from 'vitest';
import { CONTROL_CHARS_MESSAGE, INVISIBLE_FORMAT_MESSAGE, isCleanMultiline, isCleanText } from './common';
import { joinBodySchema } from './enrolment';
import { importRowSchema } from './member-files';
import { createMemberSchema, transactionBodySchema } from './members';
import { membershipBodySchema } from './memberships';
import { profileNamesUpdateSchema } from './profile';
import { pointsConversionBodySchema } from './settings';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text safety: invisible direction and zero-width characters', () => {
  const refused = [
    'bidi\u202Eevil',
    'a\u202Ab',
    'a\u202Bb',
    'a\u202Cb',
    'a\u202Db',
    'x\u2066y',
    'x\u2067y',
    'x\u2068y',
    'x\u2069y',
    'zero\u200Bwidth',
  ];

  it.each(refused)('refuses %j in a member name with a field message', (name) => {
    const result = createMemberSchema.safeParse({ firstName: name, lastName: 'Chan', phone: '+85291234567' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['firstName']);
    expect(firstMessage(result)).toBe(INVISIBLE_FORMAT_MESSAGE);
  });

  it('refuses them in tier names and benefits, adjustment reasons and profile names', () => {
    const tier = membershipBodySchema.safeParse({
      name: 'Gold\u202E',
      color: '#ffcc00',
      minSpendAmount: 0,
      maxSpendAmount: 100,
      discountPercentage: 0,
      benefits: [],
      isActive: true,
    });
    expect(tier.success).toBe(false);
    expect(tier.error?.issues.map((i) => i.message)).toContain(INVISIBLE_FORMAT_MESSAGE);
    const reason = transactionBodySchema.safeParse({ type: 'ADJUST', points: 5, reason: 'gift\u2067' });
    expect(firstMessage(reason)).toBe(INVISIBLE_FORMAT_MESSAGE);
    const profile = profileNamesUpdateSchema.safeParse({ first_name: 'A\u200B', last_name: 'B' });
    expect(firstMessage(profile)).toBe(INVISIBLE_FORMAT_MESSAGE);
  });

  it('keeps right-to-left and CJK text, and names the control-character problem as before', () => {
    for (const name of ['陳大文', '陈大文', 'مريم', 'שלום', 'Zoë']) {
      expect(createMemberSchema.safeParse({ firstName: name, lastName: '李', phone: '+85291234567' }).success).toBe(
        true,
      );
    }
    const control = createMemberSchema.safeParse({ firstName: 'a\u0007b', lastName: 'c', phone: '+85291234567' });
    expect(firstMessage(control)).toBe('Contains characters that are not allowed');
  });
});

// One rule from Unicode's own categories (Cc, Cf, Zl, Zp) plus the fillers that show nothing.
describe('text safety: every invisible character by category, emoji and CJK kept', () => {
  const member = (firstName: string) =>
    createMemberSchema.safeParse({ firstName, lastName: 'Chan', phone: '+85291234567' });
  const invisible: [string, string][] = [
    ['U+200C zero-width non-joiner', 'a\u200Cb'],
    ['U+200D zero-width joiner between letters', 'a\u200Db'],
    ['U+200D zero-width joiner after an emoji, before a letter', '😀\u200Db'],
    ['U+200D zero-width joiner alone', '\u200D'],
    ['U+2060 word joiner', 'a\u2060b'],
    ['U+FEFF byte order mark inside', 'a\uFEFFb'],
    ['U+200E left-to-right mark', 'a\u200Eb'],
    ['U+200F right-to-left mark', 'a\u200Fb'],
    ['U+061C Arabic letter mark', 'a\u061Cb'],
    ['U+180E Mongolian vowel separator', 'a\u180Eb'],
    ['U+00AD soft hyphen', 'a\u00ADb'],
    ['U+034F combining grapheme joiner', 'a\u034Fb'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+3164 Hangul filler after a name', 'Mia\u3164'],
    ['U+115F Hangul choseong filler', 'a\u115Fb'],
    ['U+1160 Hangul jungseong filler', 'a\u1160b'],
    ['U+FFA0 halfwidth Hangul filler', 'a\uFFA0b'],
    ['U+2061 function application', 'a\u2061b'],
    ['U+2064 invisible plus', 'a\u2064b'],
    ['U+2800 braille blank', 'a\u2800b'],
    ['U+E0041 tag outside a flag', 'a\u{E0041}b'],
  ];
  const breaking: [string, string][] = [
    ['U+0085 next line', 'a\u0085b'],
    ['U+2028 line separator', 'a\u2028b'],
    ['U+2029 paragraph separator', 'a\u2029b'],
    ['tab inside', 'a\tb'],
    ['line feed inside', 'a\nb'],
    ['carriage return inside', 'a\rb'],
    ['U+009B C1 control', 'a\u009Bb'],
    ['a lone surrogate', 'a\uD800b'],
  ];

  it.each(invisible)('refuses %s in a member name as invisible', (_, name) => {
    const result = member(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['firstName']);
    expect(firstMessage(result)).toBe(INVISIBLE_FORMAT_MESSAGE);
  });

  it.each(breaking)('refuses %s in a one-line field as not allowed', (_, name) => {
    const result = member(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['firstName']);
    expect(firstMessage(result)).toBe(CONTROL_CHARS_MESSAGE);
  });

  it.each([...invisible, ...breaking])('refuses %s on the public join page and in an import row', (_, name) => {
    const join = joinBodySchema.safeParse({ firstName: 'Mia', lastName: name, acceptTerms: true });
    expect(join.success).toBe(false);
    expect(join.error?.issues[0]?.path).toEqual(['lastName']);
    const row = importRowSchema.safeParse({ firstName: name, lastName: 'Chan' });
    expect(row.success).toBe(false);
    expect(row.error?.issues[0]?.path).toEqual(['firstName']);
    expect(isCleanText(name)).toBe(false);
  });

  it.each([
    ['an emoji', 'Mia 😀'],
    ['a ZWJ family', 'Mia 👨\u200D👩\u200D👧'],
    ['a ZWJ sequence with a skin tone', '👩🏽\u200D💻'],
    ['a rainbow flag (variation selector, then ZWJ)', '🏳\uFE0F\u200D🌈'],
    ['a heart on fire', '❤\uFE0F\u200D🔥'],
    ['a subdivision flag (tag sequence)', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['a keycap', '#\uFE0F\u20E3'],
    ['a country flag', '🇭🇰'],
    ['text presentation selector', '☺\uFE0E'],
    ['Traditional Chinese', '陳大文'],
    ['Simplified Chinese', '陈大文'],
    ['an ideographic variation sequence', '葛\u{E0100}'],
    ['an ideographic space inside', '山田\u3000太郎'],
    ['Japanese', 'やまだ・タロウ'],
    ['Korean', '김민수'],
    ['Arabic', 'مريم'],
    ['Hebrew', 'שלום'],
    ['Mongolian with a free variation selector', 'ᠮᠣᠩ\u180Bᠭᠣᠯ'],
    ['accents', 'Zoë Ångström'],
    ['a no-break space', 'Mia\u00A0Chen'],
  ])('keeps %s', (_, name) => {
    expect(member(name).success).toBe(true);
    expect(joinBodySchema.safeParse({ firstName: name, lastName: 'Chan', acceptTerms: true }).success).toBe(true);
  });

  it('a multi-line text keeps tab and line breaks but refuses the rest', () => {
    expect(isCleanMultiline('Earn points\n\tand spend them\r\n')).toBe(true);
    const description = (text: string) =>
      pointsConversionBodySchema.safeParse({
        earnRateAmount: 1,
        earnRatePoints: 1,
        redeemRatePoints: 100,
        redeemRateAmount: 1,
        description: text,
      });
    expect(description('Line one\nLine two').success).toBe(true);
    const zwsp = description('Line one\n\u200Bsecret');
    expect(zwsp.error?.issues.find((i) => i.path[0] === 'description')?.message).toBe(INVISIBLE_FORMAT_MESSAGE);
    const nel = description('Line one\u2028Line two');
    expect(nel.error?.issues.find((i) => i.path[0] === 'description')?.message).toBe(CONTROL_CHARS_MESSAGE);
    const tier = (description: string) =>
      membershipBodySchema.safeParse({ name: 'Gold', description, benefits: [], isActive: true });
    expect(tier('First line\nSecond line').success).toBe(true);
    expect(tier('First line\u2060').success).toBe(false);
    // The tier's name is one line.
    expect(membershipBodySchema.safeParse({ name: 'Go\nld', benefits: [], isActive: true }).success).toBe(false);
  });
});
