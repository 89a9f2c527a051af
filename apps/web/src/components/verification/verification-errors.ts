/** Spec §8 "Verification": what the verification screens and dialogs say for each failure. */
export const VERIFICATION_MESSAGES = {
  codeLength: 'Please enter the 6-digit code.',
  invalidCode: 'Invalid code. Please try again.',
  codeExpired: 'Code expired. Please request a new one.',
  phoneInUse: 'This phone number is already in use.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  sessionExpired: 'Your session expired. Please sign in again.',
  verificationExpired: 'Verification session expired. Please resend the code.',
  authInitializing: 'Authentication still initializing. Please try again in a moment.',
  invalidPhone: 'Please enter a valid phone number',
  phoneNeedsCountry: 'Phone number must include country code',
  captchaNotReady: 'Security verification not ready. Please refresh the page.',
  captchaExpired: 'reCAPTCHA expired. Please try again.',
  captchaInitFailed: 'Failed to initialize security verification. Please try again.',
  captchaInitFailedRefresh: 'Failed to initialize security verification. Please refresh the page and try again.',
  authNotInitialized: 'Firebase Auth not properly initialized. Please refresh the page.',
  phoneNotVerified: 'Phone verification required. Please try again.',
  verifyFailed: 'Verification failed. Please try again.',
  sendFailed: 'Unable to send the verification code.',
} as const;

export interface VerificationFailure {
  message: string;
  /** Captcha or SDK set-up problems: show the Security Verification Error dialog with "Refresh Page". */
  security: boolean;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/**
 * Maps a Firebase (or our own) error of sending or confirming a code. `fallback` is the message for
 * anything unknown: verifyFailed when confirming, sendFailed when sending.
 */
export function mapVerificationError(
  error: unknown,
  fallback: string = VERIFICATION_MESSAGES.verifyFailed,
): VerificationFailure {
  const plain = (message: string): VerificationFailure => ({ message, security: false });
  const security = (message: string): VerificationFailure => ({ message, security: true });
  const text = error instanceof Error ? error.message : '';
  if (text.includes('Firebase not initialized')) return security(VERIFICATION_MESSAGES.authNotInitialized);
  switch (codeOf(error)) {
    case 'auth/invalid-verification-code':
      return plain(VERIFICATION_MESSAGES.invalidCode);
    case 'auth/code-expired':
      return plain(VERIFICATION_MESSAGES.codeExpired);
    case 'auth/credential-already-in-use':
    case 'auth/provider-already-linked':
    case 'auth/account-exists-with-different-credential':
    case 'auth/phone-number-already-exists':
      return plain(VERIFICATION_MESSAGES.phoneInUse);
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return plain(VERIFICATION_MESSAGES.tooManyAttempts);
    case 'auth/requires-recent-login':
    case 'auth/user-token-expired':
    case 'auth/user-disabled':
    case 'auth/null-user':
      return plain(VERIFICATION_MESSAGES.sessionExpired);
    case 'auth/missing-verification-id':
    case 'auth/invalid-verification-id':
    case 'auth/session-expired':
      return plain(VERIFICATION_MESSAGES.verificationExpired);
    case 'auth/invalid-phone-number':
    case 'auth/missing-phone-number':
      return plain(VERIFICATION_MESSAGES.invalidPhone);
    case 'auth/captcha-check-failed':
      return security(VERIFICATION_MESSAGES.captchaExpired);
    case 'auth/missing-app-credential':
    case 'auth/invalid-app-credential':
    case 'auth/missing-recaptcha-token':
    case 'auth/invalid-recaptcha-token':
      return security(VERIFICATION_MESSAGES.captchaNotReady);
    case 'auth/argument-error':
    case 'auth/internal-error':
      return security(VERIFICATION_MESSAGES.captchaInitFailedRefresh);
    default:
      return plain(fallback);
  }
}

/** A captcha that could not even be created (createInvisibleRecaptcha threw). */
export function mapRecaptchaSetupError(error: unknown): VerificationFailure {
  const text = error instanceof Error ? error.message : '';
  if (text.includes('Firebase not initialized')) {
    return { message: VERIFICATION_MESSAGES.authNotInitialized, security: true };
  }
  return { message: VERIFICATION_MESSAGES.captchaInitFailed, security: true };
}
