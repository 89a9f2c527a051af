import { ZodError } from 'zod';
import type { ToastInput } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { CANCELLED_POPUP_CODES, type CodeMessages, firebaseCode, messageForCode } from '@/lib/firebase-errors';

/** Spec §8 "Registration toasts" and "Google sign-up" texts. */
export const REGISTRATION_TOASTS = {
  failedTitle: 'Registration failed',
  emailInUse: "It looks like you've already created an account with this email. Please sign in instead.",
  invalidEmail: 'Invalid email format',
  weakPassword: 'Password too weak',
  popupBlocked: 'Please allow popups',
  googleDisabled:
    'Google sign-in is not enabled for this application. Please contact the administrator or use email registration.',
  authOther: 'Something went wrong. Please try again.',
  checkForm: 'Please check the form for errors.',
  serverOther: 'Server error. Please try again later.',
  unexpected: 'Unexpected error. Please try again.',
  missingData: 'Missing registration data. Please start over.',
  googleExpired: 'Google session expired. Please sign in again.',
  invalidResponse: 'Registration failed: Invalid response from server',
} as const;

const REGISTRATION_CODES: CodeMessages<string | null> = [
  [['auth/email-already-in-use'], REGISTRATION_TOASTS.emailInUse],
  [['auth/invalid-email'], REGISTRATION_TOASTS.invalidEmail],
  [['auth/weak-password'], REGISTRATION_TOASTS.weakPassword],
  [['auth/popup-blocked'], REGISTRATION_TOASTS.popupBlocked],
  [CANCELLED_POPUP_CODES, null],
  [['auth/operation-not-allowed'], REGISTRATION_TOASTS.googleDisabled],
];

/** A Firebase error's message for the registration screen; null means say nothing (popup closed). */
export function mapRegistrationAuthError(code: string): string | null {
  return messageForCode(code, REGISTRATION_CODES, REGISTRATION_TOASTS.authOther);
}

const failed = (description: string): ToastInput => ({
  variant: 'destructive',
  title: REGISTRATION_TOASTS.failedTitle,
  description,
});

/**
 * The toast for a failed registration submit (null: none). Field errors of a 400 are put on the
 * form by the caller; this only says "Please check the form for errors.".
 */
export function registrationErrorToast(error: unknown): ToastInput | null {
  const code = firebaseCode(error);
  if (code) {
    const message = mapRegistrationAuthError(code);
    return message ? failed(message) : null;
  }
  if (error instanceof ApiError) {
    if (error.status === 400) return failed(REGISTRATION_TOASTS.checkForm);
    if (error.status === 409) {
      return {
        variant: 'destructive',
        title: 'Already registered',
        description: 'An account with this email already exists. Please sign in instead.',
      };
    }
    if (error.status === 401)
      return { variant: 'destructive', title: 'Authentication failed', description: 'Please try again.' };
    return failed(error.serverMessage ?? REGISTRATION_TOASTS.serverOther);
  }
  if (error instanceof ZodError) return failed(REGISTRATION_TOASTS.invalidResponse);
  return failed(error instanceof Error && error.message ? error.message : REGISTRATION_TOASTS.unexpected);
}

/** Spec §8 "Google sign-up (registration screen)". */
export function googleSignUpErrorToast(error: unknown): ToastInput {
  const code = firebaseCode(error);
  if (code && CANCELLED_POPUP_CODES.includes(code)) {
    return { title: 'Google Sign-in Cancelled', description: 'You closed the sign-in popup. Please try again.' };
  }
  if (code) {
    const description = mapRegistrationAuthError(code) ?? REGISTRATION_TOASTS.authOther;
    return { variant: 'destructive', title: 'Google Sign-in Failed', description };
  }
  if (error instanceof ApiError && error.status === 409) {
    return {
      variant: 'destructive',
      title: 'Account Already Exists',
      description: 'An account with this email already exists. You can login to continue.',
    };
  }
  if (error instanceof Error && error.message) {
    return { variant: 'destructive', title: 'Google Sign-in Error', description: error.message };
  }
  return {
    variant: 'destructive',
    title: 'Authentication Error',
    description: 'Something went wrong with Google sign-in. Please try again or use email registration.',
  };
}

/** The popup was closed (or the emulator chooser cancelled): a Firebase-like error for the mapping above. */
export const popupClosedError = () =>
  Object.assign(new Error('Google sign-in cancelled'), { code: 'auth/popup-closed-by-user' });
