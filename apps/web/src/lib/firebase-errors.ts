/**
 * The one reading of Firebase error codes. Each screen keeps its own texts (docs/spec/access-and-identity.md §8 words them per screen)
 * and states them as a table of codes → message; this module only finds the code and looks it up.
 */

/** The error's `code` (Firebase's 'auth/…', or one of ours such as 'app/no-session'), if it has one. */
function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

/** Only a Firebase Auth code ('auth/…'). */
export function firebaseCode(error: unknown): string | undefined {
  const code = errorCode(error);
  return code?.startsWith('auth/') ? code : undefined;
}

// The emulator and current SDKs answer a wrong password with invalid-credential (e-mail enumeration
// protection), so these all mean "wrong password".
export const WRONG_PASSWORD_CODES = [
  'auth/wrong-password',
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
];
/** The user closed the Google popup (or the emulator's chooser): their choice, not an error. */
export const CANCELLED_POPUP_CODES = ['auth/popup-closed-by-user', 'auth/cancelled-popup-request'];

/** A screen's messages: each with the codes that produce it, first match wins. */
export type CodeMessages<M> = ReadonlyArray<readonly [codes: readonly string[], message: M]>;

/** The message `table` gives the code of `error` (or `code` itself, when a string); `fallback` for any other. */
export function messageForCode<M>(error: unknown, table: CodeMessages<M>, fallback: M): M {
  const code = typeof error === 'string' ? error : errorCode(error);
  if (code === undefined) return fallback;
  for (const [codes, message] of table) if (codes.includes(code)) return message;
  return fallback;
}
