import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/i18n';
import { checkPasswordChange, PASSWORD_RULES } from './password-rules';
import { splitTitled } from './profile-messages';

describe('profile password rules (docs/spec/access-and-identity.md §5)', () => {
  it.each([
    [
      'no current password',
      { currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      'currentRequired',
    ],
    [
      'a new password of 5 characters',
      { currentPassword: 'old-pass', newPassword: 'abcde', confirmPassword: 'abcde' },
      'tooShort',
    ],
    [
      'a confirmation that differs',
      { currentPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdeg' },
      'mismatch',
    ],
    [
      'the current password again',
      { currentPassword: 'abcdef', newPassword: 'abcdef', confirmPassword: 'abcdef' },
      'same',
    ],
  ] as const)('refuses %s', (_label, values, rule) => {
    expect(checkPasswordChange(values)).toBe(PASSWORD_RULES[rule]);
  });

  it('accepts 6 characters (not the 8 of registration), different and confirmed', () => {
    expect(checkPasswordChange({ currentPassword: 'old-pass', newPassword: 'abcdef', confirmPassword: 'abcdef' })).toBe(
      null,
    );
  });

  it('checks in the spec order: the missing current password is reported before a short new one', () => {
    expect(checkPasswordChange({ currentPassword: '', newPassword: 'a', confirmPassword: 'b' })).toBe(
      PASSWORD_RULES.currentRequired,
    );
  });

  it('splits "Title: text" into a toast title and description', () => {
    expect(splitTitled(t(PASSWORD_RULES.tooShort))).toEqual({
      title: 'Password too short',
      description: 'New password must be at least 6 characters long.',
    });
    expect(splitTitled(t(PASSWORD_RULES.mismatch)).title).toBe("Passwords don't match");
  });
});
