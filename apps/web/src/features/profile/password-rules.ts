/** Spec §9: the profile password change asks for 6 characters (registration asks for 8). */
export const PROFILE_PASSWORD_MIN = 6;

/** Spec §5 "Password change", verbatim as "Title: text". */
export const PASSWORD_RULES = {
  currentRequired: 'Current password required: Please enter your current password.',
  tooShort: 'Password too short: New password must be at least 6 characters long.',
  mismatch: "Passwords don't match: New password and confirmation don't match.",
  same: 'Same password: New password must be different from current password.',
} as const;

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The first broken rule, in the spec's order, or null when the change may be sent. */
export function checkPasswordChange(values: PasswordChange): string | null {
  if (!values.currentPassword) return PASSWORD_RULES.currentRequired;
  if (values.newPassword.length < PROFILE_PASSWORD_MIN) return PASSWORD_RULES.tooShort;
  if (values.newPassword !== values.confirmPassword) return PASSWORD_RULES.mismatch;
  if (values.newPassword === values.currentPassword) return PASSWORD_RULES.same;
  return null;
}
