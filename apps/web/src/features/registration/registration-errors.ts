import { ZodError } from 'zod';
import type { ToastInput } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { CANCELLED_POPUP_CODES, type CodeMessages, firebaseCode, messageForCode } from '@/lib/firebase-errors';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';

/**
 * docs/spec/access-and-identity.md §8 "Registration toasts" and "Google sign-up" texts, as catalogue keys: the toasts are made in the language
 * active when they show (a toast is gone long before anyone changes the language).
 */
export const REGISTRATION_TOASTS = {
  failedTitle: 'register.failedTitle',
  emailInUse: 'firebase.emailInUse',
  invalidEmail: 'firebase.invalidEmail',
  weakPassword: 'firebase.weakPassword',
  popupBlocked: 'firebase.popupBlocked',
  googleDisabled: 'firebase.googleDisabled',
  authOther: 'firebase.somethingWrong',
  checkForm: 'register.checkForm',
  serverOther: 'register.serverOther',
  unexpected: 'register.unexpected',
  missingData: 'register.missingData',
  googleExpired: 'register.googleExpired',
  invalidResponse: 'register.invalidResponse',
} as const satisfies Record<string, MessageKey>;

const REGISTRATION_CODES: CodeMessages<MessageKey | null> = [
  [['auth/email-already-in-use'], REGISTRATION_TOASTS.emailInUse],
  [['auth/invalid-email'], REGISTRATION_TOASTS.invalidEmail],
  [['auth/weak-password'], REGISTRATION_TOASTS.weakPassword],
  [['auth/popup-blocked'], REGISTRATION_TOASTS.popupBlocked],
  [CANCELLED_POPUP_CODES, null],
  [['auth/operation-not-allowed'], REGISTRATION_TOASTS.googleDisabled],
];

/** A Firebase error's message for the registration screen; null means say nothing (popup closed). */
function mapRegistrationAuthError(code: string): MessageKey | null {
  return messageForCode(code, REGISTRATION_CODES, REGISTRATION_TOASTS.authOther);
}

/** "Registration failed" with `description`: a key, or a text already in the reader's language (the server's). */
export const registrationFailed = (description: MessageKey | { text: string }): ToastInput => ({
  variant: 'destructive',
  title: t(REGISTRATION_TOASTS.failedTitle),
  description: typeof description === 'string' ? t(description) : description.text,
});

/**
 * The toast for a failed registration submit (null: none). Field errors of a 400 are put on the
 * form by the caller; this only says "Please check the form for errors.".
 */
export function registrationErrorToast(error: unknown): ToastInput | null {
  const code = firebaseCode(error);
  if (code) {
    const message = mapRegistrationAuthError(code);
    return message ? registrationFailed(message) : null;
  }
  if (error instanceof ApiError) {
    if (error.status === 400) return registrationFailed(REGISTRATION_TOASTS.checkForm);
    if (error.status === 409) {
      return { variant: 'destructive', title: t('register.alreadyTitle'), description: t('register.alreadyText') };
    }
    if (error.status === 401)
      return { variant: 'destructive', title: t('register.authFailedTitle'), description: t('auth.tryAgain') };
    return registrationFailed(
      error.serverMessage ? { text: translateText(error.serverMessage) } : REGISTRATION_TOASTS.serverOther,
    );
  }
  if (error instanceof ZodError) return registrationFailed(REGISTRATION_TOASTS.invalidResponse);
  return registrationFailed(
    error instanceof Error && error.message ? { text: error.message } : REGISTRATION_TOASTS.unexpected,
  );
}

/** docs/spec/access-and-identity.md §8 "Google sign-up (registration screen)". */
export function googleSignUpErrorToast(error: unknown): ToastInput {
  const code = firebaseCode(error);
  if (code && CANCELLED_POPUP_CODES.includes(code)) {
    return { title: t('google.cancelledTitle'), description: t('google.cancelledText') };
  }
  if (code) {
    const description = t(mapRegistrationAuthError(code) ?? REGISTRATION_TOASTS.authOther);
    return { variant: 'destructive', title: t('google.failedTitle'), description };
  }
  if (error instanceof ApiError && error.status === 409) {
    return { variant: 'destructive', title: t('google.existsTitle'), description: t('google.existsText') };
  }
  if (error instanceof Error && error.message) {
    return { variant: 'destructive', title: t('google.errorTitle'), description: error.message };
  }
  return { variant: 'destructive', title: t('google.authErrorTitle'), description: t('google.authErrorText') };
}

/** The popup was closed (or the emulator chooser cancelled): a Firebase-like error for the mapping above. */
export const popupClosedError = () =>
  Object.assign(new Error('auth/popup-closed-by-user'), { code: 'auth/popup-closed-by-user' });
