import { type CodeMessages, messageForCode } from '@/lib/firebase-errors';
import type { MessageKey } from '@/lib/i18n/i18n';

/**
 * docs/spec/access-and-identity.md §8 "Verification": what the verification screens and dialogs say for each failure, as catalogue keys
 * (translated where shown, so a shown message follows a language change).
 */
export const VERIFICATION_MESSAGES = {
  codeLength: 'verify.codeLength',
  invalidCode: 'verify.invalidCode',
  codeExpired: 'verify.codeExpired',
  phoneInUse: 'verify.phoneInUse',
  tooManyAttempts: 'verify.tooManyAttempts',
  sessionExpired: 'verify.sessionExpired',
  verificationExpired: 'verify.verificationExpired',
  authInitializing: 'verify.authInitializing',
  invalidPhone: 'verify.invalidPhone',
  phoneNeedsCountry: 'verify.phoneNeedsCountry',
  captchaNotReady: 'verify.captchaNotReady',
  captchaExpired: 'verify.captchaExpired',
  captchaInitFailed: 'verify.captchaInitFailed',
  captchaInitFailedRefresh: 'verify.captchaInitFailedRefresh',
  authNotInitialized: 'verify.authNotInitialized',
  phoneNotVerified: 'verify.phoneNotVerified',
  verifyFailed: 'verify.verifyFailed',
  sendFailed: 'verify.sendFailed',
} as const satisfies Record<string, MessageKey>;

export interface VerificationFailure {
  /** A catalogue key. */
  message: MessageKey;
  /** Captcha or SDK set-up problems: show the Security Verification Error dialog with "Refresh Page". */
  security: boolean;
}

/** How lib/auth.ts's error for an SDK used before it was set up begins (matched, never shown). */
const NOT_INITIALIZED = 'Firebase not initialized'; // i18n-ignore: matched against an error, never shown

const plain = (message: MessageKey): VerificationFailure => ({ message, security: false });
const security = (message: MessageKey): VerificationFailure => ({ message, security: true });

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
  fallback: MessageKey = VERIFICATION_MESSAGES.verifyFailed,
): VerificationFailure {
  const text = error instanceof Error ? error.message : '';
  if (text.includes(NOT_INITIALIZED)) return security(VERIFICATION_MESSAGES.authNotInitialized);
  // A copy: callers may keep or change what they are given.
  return { ...messageForCode(error, VERIFICATION_CODES, plain(fallback)) };
}
/** A captcha that could not even be created (createInvisibleRecaptcha threw). */
export function mapRecaptchaSetupError(error: unknown): VerificationFailure {
  const text = error instanceof Error ? error.message : '';
  if (text.includes(NOT_INITIALIZED)) {
    return { message: VERIFICATION_MESSAGES.authNotInitialized, security: true };
  }
  return { message: VERIFICATION_MESSAGES.captchaInitFailed, security: true };
}
