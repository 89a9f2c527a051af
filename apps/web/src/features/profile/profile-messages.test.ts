import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  isCancelledPopup,
  mapLinkError,
  mapPasswordError,
  mapProfileError,
  mapReauthError,
  PROFILE_MESSAGES,
} from './profile-messages';

const fb = (code: string) => Object.assign(new Error(code), { code });

describe('Edit Profile error messages (docs/spec/access-and-identity.md §8)', () => {
  it('re-authentication', () => {
    expect(mapReauthError(fb('auth/wrong-password'))).toBe('Incorrect password.');
    // The emulator and current SDKs answer a wrong password like this.
    expect(mapReauthError(fb('auth/invalid-credential'))).toBe('Incorrect password.');
    expect(mapReauthError(fb('auth/too-many-requests'))).toBe('Too many failed attempts. Please try again later.');
    expect(mapReauthError(new Error('boom'))).toBe('Authentication failed.');
  });

  it('profile update, from Firebase and from the API', () => {
    expect(mapProfileError(fb('auth/requires-recent-login'))).toBe(
      'Please sign out and sign back in before updating your profile.',
    );
    expect(mapProfileError(fb('auth/email-already-in-use'))).toBe('This email is already in use by another account.');
    expect(mapProfileError(fb('auth/invalid-email'))).toBe('Please enter a valid email address.');
    expect(mapProfileError(new ApiError({ status: 409, message: 'taken' }))).toBe(
      'This email is already in use by another account.',
    );
    expect(mapProfileError(new ApiError({ status: 500, message: 'x' }))).toBe('Failed to update profile.');
    expect(mapProfileError(new Error('x'), PROFILE_MESSAGES.afterPhoneVerification)).toBe(
      'Failed to save profile changes after phone verification.',
    );
  });

  it('password change', () => {
    expect(mapPasswordError(fb('auth/wrong-password'))).toBe('Current password is incorrect.');
    expect(mapPasswordError(fb('auth/invalid-credential'))).toBe('Current password is incorrect.');
    expect(mapPasswordError(fb('auth/weak-password'))).toBe(
      'New password is too weak. Please choose a stronger password.',
    );
    expect(mapPasswordError(fb('auth/requires-recent-login'))).toBe(
      'Please sign out and sign back in before changing your password.',
    );
    expect(mapPasswordError(fb('auth/too-many-requests'))).toBe('Too many failed attempts. Please try again later.');
    expect(mapPasswordError(fb('auth/network-request-failed'))).toBe('Failed to update password.');
  });

  it('linking', () => {
    expect(mapLinkError(fb('auth/credential-already-in-use'))).toBe(
      'This Google account is already linked to another user.',
    );
    expect(mapLinkError(fb('auth/provider-already-linked'))).toBe('Google account is already linked to this user.');
    expect(mapLinkError(fb('auth/internal-error'))).toBe('Failed to link Google account.');
    expect(isCancelledPopup(fb('auth/popup-closed-by-user'))).toBe(true);
    expect(isCancelledPopup(fb('auth/internal-error'))).toBe(false);
  });
});
