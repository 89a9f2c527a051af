import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api-client';
import { googleSignUpErrorToast, registrationErrorToast } from './registration-errors';
import { splitDisplayName } from './registration-schema';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('registration toasts (docs/spec/access-and-identity.md §8)', () => {
  it.each([
    [
      'auth/email-already-in-use',
      "It looks like you've already created an account with this email. Please sign in instead.",
    ],
    ['auth/invalid-email', 'Invalid email format'],
    ['auth/weak-password', 'Password too weak'],
    ['auth/popup-blocked', 'Please allow popups'],
    ['auth/network-request-failed', 'Something went wrong. Please try again.'],
  ])('%s', (code, description) => {
    expect(registrationErrorToast(firebaseError(code))).toMatchObject({ title: 'Registration failed', description });
  });

  it('says nothing when the popup was closed', () => {
    expect(registrationErrorToast(firebaseError('auth/popup-closed-by-user'))).toBeNull();
  });

  it('maps server answers', () => {
    expect(registrationErrorToast(new ApiError({ status: 503, message: 'x' }))).toMatchObject({
      description: 'Server error. Please try again later.',
    });
    expect(
      registrationErrorToast(new ApiError({ status: 403, message: 'x', body: { message: 'Nope.' } })),
    ).toMatchObject({ title: 'Registration failed', description: 'Nope.' });
    expect(registrationErrorToast(new ZodError([]))).toMatchObject({
      description: 'Registration failed: Invalid response from server',
    });
    expect(registrationErrorToast('??')).toMatchObject({ description: 'Unexpected error. Please try again.' });
  });

  it('maps Google sign-up failures', () => {
    expect(googleSignUpErrorToast(firebaseError('auth/popup-closed-by-user'))).toMatchObject({
      title: 'Google Sign-in Cancelled',
      description: 'You closed the sign-in popup. Please try again.',
    });
    expect(googleSignUpErrorToast(firebaseError('auth/operation-not-allowed'))).toMatchObject({
      title: 'Google Sign-in Failed',
      description:
        'Google sign-in is not enabled for this application. Please contact the administrator or use email registration.',
    });
    expect(googleSignUpErrorToast(new Error('Offline'))).toMatchObject({ title: 'Google Sign-in Error' });
    expect(googleSignUpErrorToast(null)).toMatchObject({ title: 'Authentication Error' });
  });
});

describe('splitDisplayName', () => {
  it('splits at the first space', () => {
    expect(splitDisplayName('Grace Brewster Hopper')).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(splitDisplayName('Plato')).toEqual({ firstName: 'Plato', lastName: '' });
    expect(splitDisplayName(null)).toEqual({ firstName: '', lastName: '' });
  });
});
