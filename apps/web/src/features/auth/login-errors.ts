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

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

export function mapLoginError(error: unknown): string {
  switch (errorCode(error)) {
    case 'auth/user-not-found':
      return LOGIN_MESSAGES.userNotFound;
    // Newer SDKs and the emulator answer a wrong password with invalid-credential (e-mail
    // enumeration protection), so both mean the same thing here.
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return LOGIN_MESSAGES.wrongPassword;
    case 'auth/too-many-requests':
      return LOGIN_MESSAGES.tooManyRequests;
    default:
      return LOGIN_MESSAGES.other;
  }
}

/** null means "say nothing": the user closed the popup on purpose. */
export function mapGoogleSignInError(error: unknown): string | null {
  switch (errorCode(error)) {
    case 'auth/popup-closed-by-user':
    case NO_SESSION:
      return null;
    case 'auth/popup-blocked':
      return LOGIN_MESSAGES.popupBlocked;
    case 'auth/account-exists-with-different-credential':
      return LOGIN_MESSAGES.differentCredential;
    default:
      return LOGIN_MESSAGES.googleFailed;
  }
}
