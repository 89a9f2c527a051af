import type { MessageKey } from '@/lib/i18n/i18n';

/** docs/spec/access-and-identity.md §9: the profile password change asks for 6 characters (registration asks for 8). */
const PROFILE_PASSWORD_MIN = 6;

/** docs/spec/access-and-identity.md §5 "Password change", verbatim as "Title: text" in English: keys, translated where shown. */
export const PASSWORD_RULES = {
  currentRequired: 'profile.ruleCurrentRequired',
  tooShort: 'profile.ruleTooShort',
  mismatch: 'profile.ruleMismatch',
  same: 'profile.ruleSame',
} as const satisfies Record<string, MessageKey>;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first broken rule, in the spec's order, or null when the change may be sent. */
export function checkPasswordChange(values: PasswordChange): MessageKey | null {
  if (!values.currentPassword) return PASSWORD_RULES.currentRequired;
  if (values.newPassword.length < PROFILE_PASSWORD_MIN) return PASSWORD_RULES.tooShort;
  if (values.newPassword !== values.confirmPassword) return PASSWORD_RULES.mismatch;
  if (values.newPassword === values.currentPassword) return PASSWORD_RULES.same;
  return null;
}
