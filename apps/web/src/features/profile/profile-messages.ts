import { ApiError } from '@/lib/api-client';
import { CANCELLED_POPUP_CODES, type CodeMessages, messageForCode, WRONG_PASSWORD_CODES } from '@/lib/firebase-errors';

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

const REAUTH_CODES: CodeMessages<string> = [
  [WRONG_PASSWORD_CODES, REAUTH_MESSAGES.wrongPassword],
  [['auth/too-many-requests'], REAUTH_MESSAGES.tooManyRequests],
];

export function mapReauthError(error: unknown): string {
  return messageForCode(error, REAUTH_CODES, REAUTH_MESSAGES.other);
}

const PROFILE_CODES: CodeMessages<string> = [
  [['auth/requires-recent-login'], PROFILE_MESSAGES.requiresRecentLogin],
  [['auth/email-already-in-use'], PROFILE_MESSAGES.emailInUse],
  [['auth/invalid-email'], PROFILE_MESSAGES.invalidEmail],
];

/** `fallback` differs once the phone is verified: the user must know the new number is already theirs. */
export function mapProfileError(error: unknown, fallback: string = PROFILE_MESSAGES.other): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return PROFILE_MESSAGES.emailInUse;
    if (error.fieldErrors.email) return PROFILE_MESSAGES.invalidEmail;
    return fallback;
  }
  return messageForCode(error, PROFILE_CODES, fallback);
}

const PASSWORD_CODES: CodeMessages<string> = [
  [WRONG_PASSWORD_CODES, PASSWORD_MESSAGES.wrongPassword],
  [['auth/weak-password'], PASSWORD_MESSAGES.weakPassword],
  [['auth/requires-recent-login'], PASSWORD_MESSAGES.requiresRecentLogin],
  [['auth/too-many-requests'], PASSWORD_MESSAGES.tooManyRequests],
];

export function mapPasswordError(error: unknown): string {
  return messageForCode(error, PASSWORD_CODES, PASSWORD_MESSAGES.other);
}

const LINK_CODES: CodeMessages<string> = [
  // Firebase answers email-already-in-use when the Google account's e-mail belongs to another user.
  [['auth/credential-already-in-use', 'auth/email-already-in-use'], LINK_MESSAGES.credentialInUse],
  [['auth/provider-already-linked'], LINK_MESSAGES.alreadyLinked],
];

export function mapLinkError(error: unknown): string {
  return messageForCode(error, LINK_CODES, LINK_MESSAGES.other);
}

/** A closed popup (or a cancelled emulator chooser) is the user's choice, not an error. */
export function isCancelledPopup(error: unknown): boolean {
  return messageForCode(error, [[CANCELLED_POPUP_CODES, true]], false);
}

/** Spec §5 writes each rule as "Title: text"; a toast shows the two parts as title and description. */
export function splitTitled(message: string): { title: string; description: string } {
  const at = message.indexOf(': ');
  return at < 0
    ? { title: message, description: '' }
    : { title: message.slice(0, at), description: message.slice(at + 2) };
}
