import { describe, expect, it } from 'vitest';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { mapGoogleSignInError, mapLoginError, NO_SESSION } from './login-errors';

/** What the screen shows for a mapped message (null: nothing). */
const say = (key: MessageKey | null) => key && t(key);
const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('login error mapping', () => {
  it.each([
    ['auth/user-not-found', 'No account found with this email'],
    ['auth/wrong-password', 'Incorrect password'],
    ['auth/invalid-credential', 'Incorrect password'],
    ['auth/too-many-requests', 'Too many failed attempts. Try again later'],
    ['auth/network-request-failed', 'Failed to log in. Please check your credentials.'],
  ])('maps %s to "%s"', (code, message) => {
    expect(say(mapLoginError(firebaseError(code)))).toBe(message);
  });

  it('falls back for errors without a code', () => {
    expect(say(mapLoginError(new Error('boom')))).toBe('Failed to log in. Please check your credentials.');
    expect(say(mapLoginError('nonsense'))).toBe('Failed to log in. Please check your credentials.');
  });

  it.each([
    ['auth/popup-blocked', 'Please allow popups for this site'],
    ['auth/account-exists-with-different-credential', 'Email already registered with different method'],
    ['auth/internal-error', 'Google sign-in failed'],
  ])('maps Google %s to "%s"', (code, message) => {
    expect(say(mapGoogleSignInError(firebaseError(code)))).toBe(message);
  });

  it('stays silent when the user closed the Google popup', () => {
    expect(mapGoogleSignInError(firebaseError('auth/popup-closed-by-user'))).toBeNull();
    // No session is toasted by the page ("Google sign-in failed" / "No session was established").
    expect(mapGoogleSignInError(firebaseError(NO_SESSION))).toBeNull();
  });
});
