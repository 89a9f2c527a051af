import { type CodeMessages, messageForCode, WRONG_PASSWORD_CODES } from '@/lib/firebase-errors';

/** Spec §8 "Login": what the screen says for each Firebase error code. */
export const LOGIN_MESSAGES = {
  userNotFound: 'No account found with this email',
  wrongPassword: 'Incorrect password',
  tooManyRequests: 'Too many failed attempts. Try again later',
  other: 'Failed to log in. Please check your credentials.',
  popupBlocked: 'Please allow popups for this site',
  differentCredential: 'Email already registered with different method',
  googleFailed: 'Google sign-in failed',
  noSession: 'No session was established',
} as const;

/** Google resolved without a signed-in user; the page toasts it, so the inline message stays empty. */
export const NO_SESSION = 'app/no-session';

const LOGIN_CODES: CodeMessages<string> = [
  [['auth/user-not-found'], LOGIN_MESSAGES.userNotFound],
  [WRONG_PASSWORD_CODES, LOGIN_MESSAGES.wrongPassword],
  [['auth/too-many-requests'], LOGIN_MESSAGES.tooManyRequests],
];

export function mapLoginError(error: unknown): string {
  return messageForCode(error, LOGIN_CODES, LOGIN_MESSAGES.other);
}

const GOOGLE_CODES: CodeMessages<string | null> = [
  [['auth/popup-closed-by-user', NO_SESSION], null],
  [['auth/popup-blocked'], LOGIN_MESSAGES.popupBlocked],
  [['auth/account-exists-with-different-credential'], LOGIN_MESSAGES.differentCredential],
];

/** null means "say nothing": the user closed the popup on purpose. */
export function mapGoogleSignInError(error: unknown): string | null {
  return messageForCode(error, GOOGLE_CODES, LOGIN_MESSAGES.googleFailed);
}
