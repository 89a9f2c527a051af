import { type CodeMessages, messageForCode } from '@/lib/firebase-errors';

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

const plain = (message: string): VerificationFailure => ({ message, security: false });
const security = (message: string): VerificationFailure => ({ message, security: true });

const VERIFICATION_CODES: CodeMessages<VerificationFailure> = [
  [['auth/invalid-verification-code'], plain(VERIFICATION_MESSAGES.invalidCode)],
  [['auth/code-expired'], plain(VERIFICATION_MESSAGES.codeExpired)],
  [
    [
      'auth/credential-already-in-use',
      'auth/provider-already-linked',
      'auth/account-exists-with-different-credential',
      'auth/phone-number-already-exists',
    ],
    plain(VERIFICATION_MESSAGES.phoneInUse),
  ],
  [['auth/too-many-requests', 'auth/quota-exceeded'], plain(VERIFICATION_MESSAGES.tooManyAttempts)],
  [
    ['auth/requires-recent-login', 'auth/user-token-expired', 'auth/user-disabled', 'auth/null-user'],
    plain(VERIFICATION_MESSAGES.sessionExpired),
  ],
  [
    ['auth/missing-verification-id', 'auth/invalid-verification-id', 'auth/session-expired'],
    plain(VERIFICATION_MESSAGES.verificationExpired),
  ],
  [['auth/invalid-phone-number', 'auth/missing-phone-number'], plain(VERIFICATION_MESSAGES.invalidPhone)],
  [['auth/captcha-check-failed'], security(VERIFICATION_MESSAGES.captchaExpired)],
  [
    [
      'auth/missing-app-credential',
      'auth/invalid-app-credential',
      'auth/missing-recaptcha-token',
      'auth/invalid-recaptcha-token',
    ],
    security(VERIFICATION_MESSAGES.captchaNotReady),
  ],
  [['auth/argument-error', 'auth/internal-error'], security(VERIFICATION_MESSAGES.captchaInitFailedRefresh)],
];

/**
 * Maps a Firebase (or our own) error of sending or confirming a code. `fallback` is the message for
 * anything unknown: verifyFailed when confirming, sendFailed when sending.
 */
export function mapVerificationError(
  error: unknown,
  fallback: string = VERIFICATION_MESSAGES.verifyFailed,
): VerificationFailure {
  const text = error instanceof Error ? error.message : '';
  if (text.includes('Firebase not initialized')) return security(VERIFICATION_MESSAGES.authNotInitialized);
  // A copy: callers may keep or change what they are given.
  return { ...messageForCode(error, VERIFICATION_CODES, plain(fallback)) };
}
/** A captcha that could not even be created (createInvisibleRecaptcha threw). */
export function mapRecaptchaSetupError(error: unknown): VerificationFailure {
  const text = error instanceof Error ? error.message : '';
  if (text.includes('Firebase not initialized')) {
    return { message: VERIFICATION_MESSAGES.authNotInitialized, security: true };
  }
  return { message: VERIFICATION_MESSAGES.captchaInitFailed, security: true };
}
