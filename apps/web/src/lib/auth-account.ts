/**
 * Account actions of the signed-in user (docs/spec/access-and-identity.md §6): re-authentication, password, e-mail and display-name
 * updates, Google link/unlink and the profile phone change. Kept apart from auth.ts (sign-in and session)
 * but, like it, the only code that talks to the Firebase SDK for these, so screens stay testable without it.
 */
import {
  EmailAuthProvider,
  GoogleAuthProvider,
  linkWithCredential,
  linkWithPopup,
  reauthenticateWithCredential,
  sendEmailVerification,
  type User,
  unlink,
  updateEmail,
  updatePassword,
  updatePhoneNumber,
  updateProfile,
} from 'firebase/auth';
import {
  type AuthUser,
  type EmulatorGoogleAccount,
  emulatorGoogleCredential,
  getFirebaseAuth,
  isEmulatorMode,
  toAuthUser,
} from './auth';
import { phoneCredential } from './auth-phone';

export const GOOGLE_PROVIDER_ID = 'google.com';
export const PASSWORD_PROVIDER_ID = 'password';

/** docs/spec/access-and-identity.md §8 "Other": what every action says when nobody is signed in. */
export const USER_NOT_AUTHENTICATED = 'User not authenticated'; // i18n-ignore: screens show their text for the code

/** Carries a Firebase-style code, so callers map it like any other provider error. */
function notAuthenticated(): Error {
  return Object.assign(new Error(USER_NOT_AUTHENTICATED), { code: 'auth/user-not-authenticated' });
}

function requireUser(): User {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw notAuthenticated();
  return user;
}

/** Re-confirms the password before a sensitive change; Firebase wants a recent sign-in for those. */
export async function reauthenticateWithPassword(password: string): Promise<void> {
  const user = requireUser();
  if (!user.email) throw notAuthenticated();
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
}

/**
 * A password or e-mail change revokes earlier sessions (tokens valid only after now), yet the token
 * Firebase hands back keeps the older sign-in time, so the API (which checks revocation) would refuse
 * it. Signing in afresh with the password mints a token the API accepts.
 */
async function renewSession(password: string): Promise<void> {
  await reauthenticateWithPassword(password);
}

export async function changePassword(newPassword: string): Promise<void> {
  await updatePassword(requireUser(), newPassword);
  await renewSession(newPassword);
}

/**
 * Changes the sign-in e-mail at once. The Auth Emulator (and projects without e-mail enumeration
 * protection) allow this; a real project with that protection on answers auth/operation-not-allowed
 * and would need verifyBeforeUpdateEmail, which changes the address only after the link is clicked.
 * `password`, when the account has one, renews the session afterwards (see renewSession).
 */
export async function changeEmail(email: string, password?: string): Promise<void> {
  await updateEmail(requireUser(), email);
  // Without a password (Google-only accounts) there is nothing to renew with; the next sign-in will.
  if (password) await renewSession(password);
}

export async function sendVerificationEmail(): Promise<void> {
  await sendEmailVerification(requireUser());
}

export async function changeDisplayName(displayName: string): Promise<void> {
  await updateProfile(requireUser(), { displayName });
}

/**
 * Links a Google account. With the emulator the caller passes the account picked in the in-app chooser
 * (Google's popup needs Google's servers); with a real project the popup always shows the chooser.
 */
export async function linkGoogleAccount(account?: EmulatorGoogleAccount): Promise<AuthUser> {
  const user = requireUser();
  if (isEmulatorMode()) {
    if (!account) throw new Error('An emulator Google account is required'); // i18n-ignore: a programming error
    return toAuthUser((await linkWithCredential(user, emulatorGoogleCredential(account))).user);
  }
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return toAuthUser((await linkWithPopup(user, provider)).user);
}

export async function unlinkGoogleAccount(): Promise<AuthUser> {
  return toAuthUser(await unlink(requireUser(), GOOGLE_PROVIDER_ID));
}

/**
 * Replaces the user's phone with the one the code proves (the code is sent with sendPhoneCode of
 * auth-phone.ts); the API then accepts the number (PUT {phone}).
 */
export async function confirmPhoneChange(verificationId: string, code: string): Promise<AuthUser> {
  const user = requireUser();
  await updatePhoneNumber(user, phoneCredential(verificationId, code));
  return toAuthUser(user);
}
