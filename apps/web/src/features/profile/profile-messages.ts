import { ApiError } from '@/lib/api-client';

/** Spec §8: what the Edit Profile dialog says, by action and Firebase error code. */
export const REAUTH_MESSAGES = {
  wrongPassword: 'Incorrect password.',
  tooManyRequests: 'Too many failed attempts. Please try again later.',
  other: 'Authentication failed.',
} as const;

export const PROFILE_MESSAGES = {
  requiresRecentLogin: 'Please sign out and sign back in before updating your profile.',
  emailInUse: 'This email is already in use by another account.',
  invalidEmail: 'Please enter a valid email address.',
  other: 'Failed to update profile.',
  afterPhoneVerification: 'Failed to save profile changes after phone verification.',
  emailUpdated: 'Email updated',
  verifyNewEmail: 'We sent a verification link to {email}. Please verify your new address.',
  saved: 'Profile updated',
  phoneHint: 'Changing the phone number requires SMS verification.',
} as const;

export const PASSWORD_MESSAGES = {
  wrongPassword: 'Current password is incorrect.',
  weakPassword: 'New password is too weak. Please choose a stronger password.',
  requiresRecentLogin: 'Please sign out and sign back in before changing your password.',
  tooManyRequests: 'Too many failed attempts. Please try again later.',
  other: 'Failed to update password.',
  changed: 'Password updated',
} as const;

export const LINK_MESSAGES = {
  credentialInUse: 'This Google account is already linked to another user.',
  alreadyLinked: 'Google account is already linked to this user.',
  other: 'Failed to link Google account.',
  onlyMethod: 'You cannot unlink your only authentication method. Please set up another method before unlinking.',
  unlinkFailed: 'Failed to unlink the account. Please try again.',
  linked: 'Google account connected',
  unlinked: 'Google account unlinked',
} as const;

export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

// The emulator and current SDKs answer a wrong password with invalid-credential (e-mail enumeration
// protection), so it means the same as wrong-password here.
const WRONG_PASSWORD = new Set(['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']);

export function mapReauthError(error: unknown): string {
  const code = errorCode(error);
  if (code && WRONG_PASSWORD.has(code)) return REAUTH_MESSAGES.wrongPassword;
  if (code === 'auth/too-many-requests') return REAUTH_MESSAGES.tooManyRequests;
  return REAUTH_MESSAGES.other;
}

/** `fallback` differs once the phone is verified: the user must know the new number is already theirs. */
export function mapProfileError(error: unknown, fallback: string = PROFILE_MESSAGES.other): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return PROFILE_MESSAGES.emailInUse;
    if (error.fieldErrors.email) return PROFILE_MESSAGES.invalidEmail;
    return fallback;
  }
  switch (errorCode(error)) {
    case 'auth/requires-recent-login':
      return PROFILE_MESSAGES.requiresRecentLogin;
    case 'auth/email-already-in-use':
      return PROFILE_MESSAGES.emailInUse;
    case 'auth/invalid-email':
      return PROFILE_MESSAGES.invalidEmail;
    default:
      return fallback;
  }
}

export function mapPasswordError(error: unknown): string {
  const code = errorCode(error);
  if (code && WRONG_PASSWORD.has(code)) return PASSWORD_MESSAGES.wrongPassword;
  switch (code) {
    case 'auth/weak-password':
      return PASSWORD_MESSAGES.weakPassword;
    case 'auth/requires-recent-login':
      return PASSWORD_MESSAGES.requiresRecentLogin;
    case 'auth/too-many-requests':
      return PASSWORD_MESSAGES.tooManyRequests;
    default:
      return PASSWORD_MESSAGES.other;
  }
}

export function mapLinkError(error: unknown): string {
  switch (errorCode(error)) {
    case 'auth/credential-already-in-use':
    // Firebase answers this when the Google account's e-mail belongs to another user.
    case 'auth/email-already-in-use':
      return LINK_MESSAGES.credentialInUse;
    case 'auth/provider-already-linked':
      return LINK_MESSAGES.alreadyLinked;
    default:
      return LINK_MESSAGES.other;
  }
}

/** A closed popup (or a cancelled emulator chooser) is the user's choice, not an error. */
export function isCancelledPopup(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

/** Spec §5 writes each rule as "Title: text"; a toast shows the two parts as title and description. */
export function splitTitled(message: string): { title: string; description: string } {
  const at = message.indexOf(': ');
  return at < 0
    ? { title: message, description: '' }
    : { title: message.slice(0, at), description: message.slice(at + 2) };
}
