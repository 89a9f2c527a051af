import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n/i18n';
import { mapRecaptchaSetupError, mapVerificationError, VERIFICATION_MESSAGES } from './verification-errors';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('mapVerificationError', () => {
  it.each([
    ['auth/invalid-verification-code', 'Invalid code. Please try again.', false],
    ['auth/code-expired', 'Code expired. Please request a new one.', false],
    ['auth/credential-already-in-use', 'This phone number is already in use.', false],
    ['auth/provider-already-linked', 'This phone number is already in use.', false],
    ['auth/too-many-requests', 'Too many attempts. Please try again later.', false],
    ['auth/requires-recent-login', 'Your session expired. Please sign in again.', false],
    ['auth/invalid-verification-id', 'Verification session expired. Please resend the code.', false],
    ['auth/captcha-check-failed', 'reCAPTCHA expired. Please try again.', true],
    ['auth/invalid-app-credential', 'Security verification not ready. Please refresh the page.', true],
  ])('%s → "%s"', (code, message, security) => {
    const failure = mapVerificationError(firebaseError(code));
    expect({ message: t(failure.message), security: failure.security }).toEqual({ message, security });
  });

  it('falls back to the message the caller gives', () => {
    expect(t(mapVerificationError(new Error('boom')).message)).toBe('Verification failed. Please try again.');
    expect(t(mapVerificationError(new Error('boom'), VERIFICATION_MESSAGES.sendFailed).message)).toBe(
      'Unable to send the verification code.',
    );
  });

  it('treats an uninitialised SDK as a security error', () => {
    const error = new Error('Firebase not initialized. Call initializeFirebase first.');
    const failure = mapVerificationError(error);
    expect({ message: t(failure.message), security: failure.security }).toEqual({
      message: 'Firebase Auth not properly initialized. Please refresh the page.',
      security: true,
    });
    expect(t(mapRecaptchaSetupError(new Error('x')).message)).toBe(
      'Failed to initialize security verification. Please try again.',
    );
  });
});
