import { type CodeMessages, messageForCode, WRONG_PASSWORD_CODES } from '@/lib/firebase-errors';
import type { MessageKey } from '@/lib/i18n/i18n';

/**
 * docs/spec/access-and-identity.md §8 "Login": what the screen says for each Firebase error code, as catalogue keys (the screen translates
 * them when it renders, so a message on screen follows a language change).
 */
export const LOGIN_MESSAGES = {
  userNotFound: 'firebase.userNotFound',
  wrongPassword: 'firebase.wrongPassword',
  tooManyRequests: 'firebase.tooManyRequests',
  other: 'firebase.loginFailed',
  popupBlocked: 'firebase.popupBlockedSite',
  differentCredential: 'firebase.differentCredential',
  googleFailed: 'firebase.googleFailed',
  noSession: 'firebase.noSession',
} as const satisfies Record<string, MessageKey>;

/** Google resolved without a signed-in user; the page toasts it, so the inline message stays empty. */
export const NO_SESSION = 'app/no-session';

const LOGIN_CODES: CodeMessages<MessageKey> = [
  [['auth/user-not-found'], LOGIN_MESSAGES.userNotFound],
  [WRONG_PASSWORD_CODES, LOGIN_MESSAGES.wrongPassword],
  [['auth/too-many-requests'], LOGIN_MESSAGES.tooManyRequests],
];

export function mapLoginError(error: unknown): MessageKey {
  return messageForCode(error, LOGIN_CODES, LOGIN_MESSAGES.other);
}

const GOOGLE_CODES: CodeMessages<MessageKey | null> = [
  [['auth/popup-closed-by-user', NO_SESSION], null],
  [['auth/popup-blocked'], LOGIN_MESSAGES.popupBlocked],
  [['auth/account-exists-with-different-credential'], LOGIN_MESSAGES.differentCredential],
];

/** null means "say nothing": the user closed the popup on purpose. */
export function mapGoogleSignInError(error: unknown): MessageKey | null {
  return messageForCode(error, GOOGLE_CODES, LOGIN_MESSAGES.googleFailed);
}
