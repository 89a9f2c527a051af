import { describe, expect, it } from 'vitest';
import { INVISIBLE_FORMAT_MESSAGE } from './common';
import { createMemberSchema, transactionBodySchema } from './members';
import { membershipBodySchema } from './memberships';
import { profileNamesUpdateSchema } from './profile';

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
