/**
 * Every key the portal writes to localStorage or sessionStorage (docs/spec/access-and-identity.md §3), in one place so sign-out
 * can clear them all and no feature invents a key the others do not know about.
 */
export const STORAGE_KEYS = {
  tenantId: 'tenantId',
  userId: 'userId',
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  sessionToken: 'sessionToken',
  prefillEmail: 'prefillEmail',
  phoneToVerify: 'phoneToVerify',
  registrationEmail: 'registrationEmail',
  businessName: 'businessName',
  industry: 'industry',
  firstName: 'firstName',
  lastName: 'lastName',
  verificationToken: 'verificationToken',
  phoneVerificationId: 'phoneVerificationId',
  cameFromRegistration: 'cameFromRegistration',
  theme: 'theme',
  /** The portal's language on this browser (docs/design.md §8); the account keeps its own once signed in. */
  language: 'language',
  /** sessionStorage: when SMS codes were sent, so the resend limit survives a page reload. */
  resendLog: 'resendLog',
  /** The branch this device's counter stands in, per business (docs/design.md §10): asked once, remembered. */
  counterBranch: 'counterBranch',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Keys sign-out removes. The theme and the language are device preferences and prefillEmail exists precisely to
 * survive a sign-out, so both stay; so does the resend log, or signing out would lift the SMS limit.
 */
export const SESSION_STORAGE_KEYS: readonly StorageKey[] = Object.values(STORAGE_KEYS).filter(
  (key) =>
    key !== STORAGE_KEYS.theme &&
    key !== STORAGE_KEYS.language &&
    key !== STORAGE_KEYS.prefillEmail &&
    key !== STORAGE_KEYS.resendLog &&
    // The device stays where it stands whoever signs in at it.
    key !== STORAGE_KEYS.counterBranch,
);

/** Storage can throw (private mode, quota, disabled cookies); a preference is never worth a crash. */
export function readStorage(key: StorageKey, storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, value);
  } catch {
    // Ignored for the same reason as in readStorage.
  }
}

export function removeStorage(key: StorageKey, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // Ignored for the same reason as in readStorage.
  }
}
