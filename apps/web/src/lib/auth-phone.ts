/**
 * Firebase boundary for phone verification and password sign-up (docs/design.md §2: only lib/ talks to the SDK).
 * Shared by registration and the Edit Profile dialog. With the Auth Emulator the invisible reCAPTCHA
 * is mocked by the SDK and SMS codes land in the emulator, so the same code runs offline.
 */
import {
  type ApplicationVerifier,
  createUserWithEmailAndPassword,
  linkWithCredential,
  linkWithPhoneNumber,
  PhoneAuthProvider,
  RecaptchaVerifier,
  reload,
  type User,
} from 'firebase/auth';
import { type AuthUser, getFirebaseAuth, toAuthUser } from './auth';

/** A one-shot invisible reCAPTCHA. Create one per send and always `clear()` it afterwards. */
export interface InvisibleRecaptcha {
  /** Opaque to callers: pass it to sendPhoneLinkCode / sendPhoneCode. */
  readonly verifier: ApplicationVerifier;
  /** Removes the widget and its DOM; safe to call more than once. */
  clear(): void;
}

/**
 * Creates an invisible reCAPTCHA inside `container` (an element or its id). A fresh child element is
 * used each time because reCAPTCHA refuses to render twice into the same element.
 * Throws (e.g. "Firebase not initialized…", auth/argument-error) when it cannot be set up; map the
 * error with `mapVerificationError` from components/verification.
 */
export function createInvisibleRecaptcha(container: HTMLElement | string): InvisibleRecaptcha {
  const auth = getFirebaseAuth();
  const host = typeof container === 'string' ? document.getElementById(container) : container;
  // A container that left the page would render a widget nobody can see or solve.
  if (!host?.isConnected) {
    throw Object.assign(new Error('reCAPTCHA container not found'), { code: 'auth/argument-error' });
  }
  const slot = document.createElement('div');
  host.appendChild(slot);
  const verifier = new RecaptchaVerifier(auth, slot, { size: 'invisible' });
  let cleared = false;
  return {
    verifier,
    clear() {
      if (cleared) return;
      cleared = true;
      try {
        verifier.clear();
      } catch {
        // Already torn down by the SDK; only the element is left to remove.
      }
      slot.remove();
    },
  };
}

function requireUser(): User {
  const user = getFirebaseAuth().currentUser;
  // The screens show the Firebase helper's text for this code, not this message.
  if (!user) throw Object.assign(new Error('User not authenticated'), { code: 'auth/user-token-expired' }); // i18n-ignore
  return user;
}

/** The signed-in user as Firebase knows it right now (not the possibly older React state). */
export function currentAuthUser(): AuthUser | null {
  const user = getFirebaseAuth().currentUser;
  return user ? toAuthUser(user) : null;
}

/** Re-reads the signed-in user from the server, e.g. to see a phone linked in another tab. */
export async function reloadAuthUser(): Promise<AuthUser | null> {
  const user = getFirebaseAuth().currentUser;
  if (!user) return null;
  await reload(user);
  return toAuthUser(user);
}

/**
 * Sends an SMS code to link `phone` (E.164) to the signed-in user; resolves with the verification id,
 * which survives a page reload (store it) and is confirmed with `linkPhoneWithCode`.
 * Fails with auth/provider-already-linked when the user already has a phone.
 */
export async function sendPhoneLinkCode(phone: string, recaptcha: InvisibleRecaptcha): Promise<string> {
  const confirmation = await linkWithPhoneNumber(requireUser(), phone, recaptcha.verifier);
  return confirmation.verificationId;
}

/**
 * Sends an SMS code to `phone` without linking anything yet: for a user who already has a phone and
 * wants to change it (confirm with `phoneCredential` + updatePhoneNumber).
 */
export async function sendPhoneCode(phone: string, recaptcha: InvisibleRecaptcha): Promise<string> {
  return new PhoneAuthProvider(getFirebaseAuth()).verifyPhoneNumber(phone, recaptcha.verifier);
}

/** The credential for a verification id and the 6-digit code the user typed. */
export function phoneCredential(verificationId: string, code: string) {
  return PhoneAuthProvider.credential(verificationId, code);
}

/** Confirms the code and links the phone to the signed-in user; works after a reload, unlike confirm(). */
export async function linkPhoneWithCode(verificationId: string, code: string): Promise<AuthUser> {
  const result = await linkWithCredential(requireUser(), phoneCredential(verificationId, code));
  return toAuthUser(result.user);
}

/** Registration with e-mail and password; the new user is signed in. */
export async function createPasswordAccount(email: string, password: string): Promise<AuthUser> {
  const result = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  return toAuthUser(result.user);
}
