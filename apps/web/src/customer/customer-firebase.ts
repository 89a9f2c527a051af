/**
 * The customer's phone sign-in (docs/design.md §8), loaded only when a page needs it: the join page imports this module
 * when the phone is submitted, the card page when it opens. A NAMED Firebase app keeps the customer's session
 * apart from a staff session of the admin app in the same browser (each app persists its own user, under
 * `firebase:authUser:<apiKey>:customer`). With the Auth Emulator the invisible reCAPTCHA is mocked by the SDK
 * and the SMS code lands in the emulator, so the same code runs offline.
 */
import { type FirebaseApp, getApp, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  type ConfirmationResult,
  connectAuthEmulator,
  initializeAuth,
  RecaptchaVerifier,
  signInWithPhoneNumber,
  signOut,
} from 'firebase/auth';
// Only the config reader of the admin's Firebase module; its default app is never started here.
import { readFirebaseConfig } from '@/lib/auth';
import { t } from '@/lib/i18n/i18n';

import { CUSTOMER_APP_NAME as CUSTOMER_APP } from './customer-app-name';

let pending: Promise<Auth> | null = null;

async function createAuth(): Promise<Auth> {
  const response = await fetch('/api/public/firebase-config', { headers: { Accept: 'application/json' } });
  const config = response.ok ? readFirebaseConfig(await response.json().catch(() => null)) : null;
  if (!config) throw new Error(t('common.firebaseConfigFailed'));
  const { emulatorHost, ...webConfig } = config;
  let app: FirebaseApp;
  try {
    app = getApp(CUSTOMER_APP);
  } catch {
    app = initializeApp(webConfig, CUSTOMER_APP);
  }
  // localStorage only: a customer's card opens again from the home screen without a new SMS code.
  const auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (emulatorHost) connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
  await auth.authStateReady();
  return auth;
}

/** The customer's Auth, once per page; a failed start may be tried again. */
export function customerAuth(): Promise<Auth> {
  pending ??= createAuth().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/**
 * Sends the SMS code to `phone` (E.164) behind an invisible reCAPTCHA made inside `host`; a fresh child each
 * time, because reCAPTCHA refuses to render twice into one element. Confirm with `confirmation.confirm(code)`.
 */
export async function sendSignInCode(phone: string, host: HTMLElement): Promise<ConfirmationResult> {
  const auth = await customerAuth();
  const slot = document.createElement('div');
  host.appendChild(slot);
  const verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
  try {
    return await signInWithPhoneNumber(auth, phone, verifier);
  } finally {
    try {
      verifier.clear();
    } catch {
      // Already torn down by the SDK.
    }
    slot.remove();
  }
}

/** The signed-in customer's ID token, or null when nobody is signed in on this browser. */
export async function customerToken(): Promise<string | null> {
  const auth = await customerAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutCustomer(): Promise<void> {
  await signOut(await customerAuth());
}

/** The signed-in customer's phone (E.164), to send the code that confirms "Delete my card"; null when none. */
export async function customerPhone(): Promise<string | null> {
  const auth = await customerAuth();
  return auth.currentUser?.phoneNumber ?? null;
}
