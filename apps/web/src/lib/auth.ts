/**
 * The only module that talks to the Firebase SDK (docs/design.md §2), so the rest of the app depends on
 * plain functions and types and can be tested without Firebase.
 */
import type { FirebaseWebConfig } from '@loyalty/contracts';
import { type FirebaseApp, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type User,
} from 'firebase/auth';
import { t } from '@/lib/i18n/i18n';

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  /** Sign-in methods linked to the account, e.g. 'password', 'google.com', 'phone'. */
  providerIds: string[];
}

/** What the in-app chooser collects when the Auth Emulator stands in for Google (docs/design.md §6). */
export interface EmulatorGoogleAccount {
  email: string;
  name: string;
}

interface FirebaseState {
  auth: Auth;
  emulator: boolean;
}

const NOT_INITIALIZED = 'Firebase not initialized. Call initializeFirebase first.'; // i18n-ignore: a programming error

/** Shown on the sign-in screen, so in the active language (the message is made when the fetch fails). */
const configFailed = () => new Error(t('common.firebaseConfigFailed'));

let state: FirebaseState | null = null;
let pending: Promise<FirebaseState> | null = null;

/** The session Firebase stored in this browser, as read before the SDK has restored it (see restoringSession). */
type StoredSession = { uid: string; token: string; expiresAt: number };
let stored: StoredSession | null = null;
let restored = false;

/** A stored ID token this close to its expiry is not used: the SDK will have refreshed it by the time it counts. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * The user and ID token of the session the SDK persisted (localStorage, `firebase:authUser:<apiKey>:<app>`,
 * the SDK's own format), or null when there is none or it cannot be read. Never trusted for anything the API
 * does not check itself: it only lets the first calls leave while the SDK restores the session.
 */
export function readStoredSession(raw: string | null, now = Date.now()): StoredSession | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as {
      uid?: unknown;
      stsTokenManager?: { accessToken?: unknown; expirationTime?: unknown };
    };
    const token = user.stsTokenManager?.accessToken;
    const expiresAt = user.stsTokenManager?.expirationTime;
    if (typeof user.uid !== 'string' || typeof token !== 'string' || typeof expiresAt !== 'number') return null;
    return expiresAt - now > TOKEN_MARGIN_MS ? { uid: user.uid, token, expiresAt } : null;
  } catch {
    return null;
  }
}

const REQUIRED_KEYS = ['apiKey', 'authDomain', 'projectId', 'appId'] as const;
const OPTIONAL_KEYS = ['storageBucket', 'messagingSenderId', 'emulatorHost'] as const;

/**
 * The contract's firebaseConfigSchema, checked by hand: this runs before the sign-in screen can work, and zod
 * would add some 25 KB (gzip) to that screen's first load. Same answer as the schema (auth-config.test.ts holds
 * the two side by side): the required strings, the optional ones when present, nothing else.
 */
export function readFirebaseConfig(value: unknown): FirebaseWebConfig | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const source = value as Record<string, unknown>;
  const config: Record<string, string> = {};
  for (const key of REQUIRED_KEYS) {
    if (typeof source[key] !== 'string') return null;
    config[key] = source[key];
  }
  for (const key of OPTIONAL_KEYS) {
    if (source[key] === undefined) continue;
    if (typeof source[key] !== 'string') return null;
    config[key] = source[key];
  }
  return config as unknown as FirebaseWebConfig;
}

async function fetchConfig(): Promise<FirebaseWebConfig> {
  let response: Response;
  try {
    response = await fetch('/api/public/firebase-config', { headers: { Accept: 'application/json' } });
  } catch {
    throw configFailed();
  }
  if (!response.ok) throw configFailed();
  const config = readFirebaseConfig(await response.json().catch(() => null));
  if (!config) throw configFailed();
  return config;
}

/**
 * The session is kept in localStorage first: restoring it then costs one synchronous read, where IndexedDB
 * took a transaction for the read and another to write the user back after Firebase's reload, both on the
 * path to the first workspace screen (about 50 ms of a cold load here). IndexedDB stays second
 * in the list, so a session an earlier version stored there is found and moved over, not lost.
 */
const PERSISTENCE = [browserLocalPersistence, indexedDBLocalPersistence];

function createAuth(config: FirebaseWebConfig): FirebaseState {
  const { emulatorHost, ...webConfig } = config;
  const app = initializeApp(webConfig);
  const auth = startAuth(app, emulatorHost);
  // Restoring a session asks Firebase about the user (accounts:lookup) before the SDK reports anyone.
  // Meanwhile the first API calls use the token it stored (getIdToken below), so they are not queued behind it.
  try {
    stored = readStoredSession(localStorage.getItem(`firebase:authUser:${webConfig.apiKey}:${app.name}`));
  } catch {
    stored = null;
  }
  void auth.authStateReady().then(() => {
    restored = true;
    stored = null;
  });
  return { auth, emulator: Boolean(emulatorHost) };
}

function startAuth(app: FirebaseApp, emulatorHost: string | undefined): Auth {
  // What getAuth(app) sets up, with the persistence order above.
  if (!emulatorHost)
    return initializeAuth(app, { persistence: PERSISTENCE, popupRedirectResolver: browserPopupRedirectResolver });
  // No popup/redirect resolver with the emulator: it would load Google's gapi script, which is
  // unreachable offline; the in-app account chooser replaces the popup there.
  const auth = initializeAuth(app, { persistence: PERSISTENCE });
  connectAuthEmulator(auth, `http://${emulatorHost}`, { disableWarnings: true });
  return auth;
}

/** The user whose stored session the SDK is restoring right now, or null (none, or already restored). */
export function restoringSessionUid(): string | null {
  return !restored && stored ? stored.uid : null;
}

/** Fetches the configuration once and initialises Firebase; later calls share the same promise. */
export function initializeFirebase(): Promise<FirebaseState> {
  if (state) return Promise.resolve(state);
  pending ??= fetchConfig()
    .then((config) => {
      state = createAuth(config);
      return state;
    })
    .catch((error: unknown) => {
      // Let a later call (e.g. after the API comes up) try again.
      pending = null;
      throw error;
    });
  return pending;
}

function requireAuth(): Auth {
  if (!state) throw new Error(NOT_INITIALIZED);
  return state.auth;
}

/** The initialised Auth instance, for the other Firebase-boundary modules (auth-account.ts). */
export function getFirebaseAuth(): Auth {
  return requireAuth();
}

/** True when the Auth Emulator is in use; only meaningful after initializeFirebase resolved. */
export function isEmulatorMode(): boolean {
  return state?.emulator ?? false;
}

export function toAuthUser(user: User): AuthUser {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    phoneNumber: user.phoneNumber,
    providerIds: user.providerData.map((info) => info.providerId),
  };
}

export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const result = await signInWithEmailAndPassword(requireAuth(), email, password);
  return toAuthUser(result.user);
}

/** The credential the emulator accepts in place of a Google ID token; sub is stable per e-mail. */
export function emulatorGoogleCredential(account: EmulatorGoogleAccount) {
  const email = account.email.trim().toLowerCase();
  let hash = 0;
  for (const char of email) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const claims = { sub: `emulator-${hash}`, email, email_verified: true, name: account.name.trim() };
  return GoogleAuthProvider.credential(JSON.stringify(claims));
}

/**
 * Google sign-in. With the emulator the caller passes the account picked in the in-app chooser;
 * with a real project the popup always shows Google's account chooser.
 */
export async function signInWithGoogle(account?: EmulatorGoogleAccount): Promise<AuthUser> {
  const auth = requireAuth();
  if (isEmulatorMode()) {
    if (!account) throw new Error('An emulator Google account is required'); // i18n-ignore: a programming error
    return toAuthUser((await signInWithCredential(auth, emulatorGoogleCredential(account))).user);
  }
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  return toAuthUser((await signInWithPopup(auth, provider)).user);
}

/**
 * The signed-in user's ID token, or null when nobody is signed in. While the SDK restores a session, the token
 * it stored (still valid for a while) is used as is; a refresh (after a 401) waits for the restored session.
 */
export async function getIdToken(forceRefresh = false): Promise<string | null> {
  const auth = requireAuth();
  if (!auth.currentUser) {
    if (!forceRefresh && !restored && stored && stored.expiresAt - Date.now() > TOKEN_MARGIN_MS) return stored.token;
    await auth.authStateReady();
  }
  const user = auth.currentUser;
  return user ? user.getIdToken(forceRefresh) : null;
}

export function subscribeToAuthState(listener: (user: AuthUser | null) => void): () => void {
  return onAuthStateChanged(requireAuth(), (user) => listener(user ? toAuthUser(user) : null));
}

export async function signOutUser(): Promise<void> {
  await signOut(requireAuth());
}
