import * as React from 'react';
import type { AuthUser, EmulatorGoogleAccount } from '@/lib/auth';
import {
  changeDisplayName,
  changeEmail,
  changePassword,
  confirmPhoneChange,
  GOOGLE_PROVIDER_ID,
  linkGoogleAccount,
  PASSWORD_PROVIDER_ID,
  reauthenticateWithPassword,
  sendVerificationEmail,
  unlinkGoogleAccount,
} from '@/lib/auth-account';
import { createInvisibleRecaptcha, currentAuthUser, type InvisibleRecaptcha, sendPhoneCode } from '@/lib/auth-phone';
import type { MessageKey } from '@/lib/i18n/i18n';

/** Sends SMS codes through one invisible captcha; clear() discards it when the dialog closes. */
export interface PhoneCodeSender {
  send: (phone: string) => Promise<string>;
  clear: () => void;
}

/**
 * What the Edit Profile dialog asks of the identity provider. The dialog depends on this interface,
 * not on Firebase, so tests hand it a fake and check what was called, in which order.
 */
export interface AccountActions {
  currentAccount: () => AuthUser | null;
  reauthenticate: (password: string) => Promise<void>;
  changePassword: (newPassword: string) => Promise<void>;
  /** With the password just confirmed, the session is renewed after the change (the API needs that). */
  changeEmail: (email: string, password?: string) => Promise<void>;
  sendEmailVerification: () => Promise<void>;
  changeDisplayName: (displayName: string) => Promise<void>;
  linkGoogle: (account?: EmulatorGoogleAccount) => Promise<AuthUser>;
  unlinkGoogle: () => Promise<AuthUser>;
  /** Sends codes with an invisible captcha in `container`; send() throws when it cannot be created. */
  createPhoneCodeSender: (container: HTMLElement) => PhoneCodeSender;
  confirmPhoneCode: (verificationId: string, code: string) => Promise<AuthUser>;
}

const firebaseAccountActions: AccountActions = {
  currentAccount: () => {
    // Before Firebase is initialised nobody can be signed in; the caller falls back to the session.
    try {
      return currentAuthUser();
    } catch {
      return null;
    }
  },
  reauthenticate: reauthenticateWithPassword,
  changePassword,
  changeEmail,
  sendEmailVerification: sendVerificationEmail,
  changeDisplayName,
  linkGoogle: linkGoogleAccount,
  unlinkGoogle: unlinkGoogleAccount,
  createPhoneCodeSender: (container) => {
    // One captcha per send (a reCAPTCHA token is single-use); the last one lives until clear().
    let captcha: InvisibleRecaptcha | null = null;
    const clear = () => {
      captcha?.clear();
      captcha = null;
    };
    return {
      send: (phone) => {
        clear();
        captcha = createInvisibleRecaptcha(container);
        return sendPhoneCode(phone, captcha);
      },
      clear,
    };
  },
  confirmPhoneCode: confirmPhoneChange,
};

export const AccountActionsContext = React.createContext<AccountActions>(firebaseAccountActions);

export function useAccountActions(): AccountActions {
  return React.useContext(AccountActionsContext);
}

export const hasPasswordMethod = (providerIds: readonly string[]) => providerIds.includes(PASSWORD_PROVIDER_ID);
export const hasGoogleMethod = (providerIds: readonly string[]) => providerIds.includes(GOOGLE_PROVIDER_ID);

/**
 * Ways to sign in to the portal. A linked phone is not one (the portal has no phone sign-in), so it
 * does not count when deciding whether Google is the only method left.
 */
export function signInMethodCount(providerIds: readonly string[]): number {
  return providerIds.filter((id) => id === PASSWORD_PROVIDER_ID || id === GOOGLE_PROVIDER_ID).length;
}

/** docs/spec/access-and-identity.md §3 labels of the sign-in methods, as keys translated where shown. */
const SIGN_IN_METHOD_LABELS: Record<string, MessageKey> = {
  password: 'profile.methodPassword',
  phone: 'profile.methodPhone',
};

/** A sign-in method as the Connections tab names it: Google stays Google (a product name) in every language. */
export function signInMethodLabel(providerId: string, t: (key: MessageKey) => string): string {
  if (providerId === GOOGLE_PROVIDER_ID) return 'Google'; // i18n-ignore: a product name, the same in every language
  const key = SIGN_IN_METHOD_LABELS[providerId];
  return key ? t(key) : providerId;
}
