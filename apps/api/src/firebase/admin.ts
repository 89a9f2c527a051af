import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { Config } from '../config';
import { createVerifiedTokenCache } from './verified-tokens';

export type IdentityClaims = {
  uid: string;
  email?: string;
  emailVerified: boolean;
  phone?: string;
  /** When the user last proved who they are (seconds since the epoch): a refreshed token keeps it. */
  authTime?: number;
  /** How they did: 'phone' for an SMS code, 'password', … */
  signInProvider?: string;
};

/** The server's only door to Firebase: token checks and reading or managing users with the admin SDK. */
export type FirebaseAdmin = {
  auth: Auth;
  verifyToken(token: string): Promise<IdentityClaims>;
  close(): Promise<void>;
};

/** How long this instance trusts what it last read of a user's revocation state (see docs/capacity.md). */
export const REVOCATION_CACHE_MS = 30_000;

export function createFirebaseAdmin(config: Config): FirebaseAdmin {
  // firebase-admin reads the emulator address from the environment itself; config.ts is the one place
  // that decides it, so write it (or remove it) here before the SDK looks.
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const app: App = initializeApp({ projectId: config.firebase.projectId }, `api-${randomUUID()}`);
  const auth = getAuth(app);
  const revocation = createRevocationCache(auth);
  const verified = createVerifiedTokenCache();
  return {
    auth,
    async verifyToken(token) {
      let decoded = verified.get(token);
      if (!decoded) {
        decoded = await verifyLocally(auth, token);
        verified.set(token, decoded);
      }
      await revocation.assertValid(decoded);
      return {
        uid: decoded.uid,
        email: decoded.email?.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        phone: decoded.phone_number,
        authTime: decoded.auth_time,
        signInProvider: decoded.firebase?.sign_in_provider,
      };
    },
    close: () => deleteApp(app),
  };
}

/**
 * Signature and claims checked locally (public keys cached by the SDK): no call per request with a real project.
 * Against the emulator the SDK always adds its own revocation check, dated by auth_time; it reports "revoked"
 * only after the token checked out, so such a token goes on to the check below, dated by issue time.
 */
async function verifyLocally(auth: Auth, token: string): Promise<DecodedIdToken> {
  try {
    return await auth.verifyIdToken(token, false);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/id-token-revoked') throw err;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as DecodedIdToken;
    return { ...claims, uid: claims.sub };
  }
}

type RevocationState = { validAfterMs: number; disabled: boolean; readAt: number };

/**
 * Revocation without a network round trip per request: what Firebase says of a user (tokens valid after,
 * disabled) is kept for REVOCATION_CACHE_MS and read again on the first request after that. When this server
 * itself revokes, disables, changes or deletes a user, the entry is dropped at once, so its own changes take
 * effect on the next request. A token counts as revoked when issued before the cut-off: firebase-admin dates
 * revocation by auth_time, which an e-mail or password change does not move, so the fresh token such a change
 * hands back would otherwise be refused until the user signed in again.
 */
function createRevocationCache(auth: Auth) {
  const states = new Map<string, RevocationState>();
  const forget = (uid: unknown) => {
    if (typeof uid === 'string') states.delete(uid);
  };
  // Wrap the admin calls that change what a token may do, whoever in the codebase makes them.
  for (const method of ['revokeRefreshTokens', 'updateUser', 'deleteUser'] as const) {
    const original = auth[method].bind(auth) as (uid: string, ...rest: unknown[]) => Promise<unknown>;
    (auth as unknown as Record<string, unknown>)[method] = async (uid: string, ...rest: unknown[]) => {
      try {
        return await original(uid, ...rest);
      } finally {
        forget(uid);
      }
    };
  }

  async function read(uid: string): Promise<RevocationState> {
    const cached = states.get(uid);
    if (cached && Date.now() - cached.readAt < REVOCATION_CACHE_MS) return cached;
    const user = await auth.getUser(uid);
    const state = {
      validAfterMs: Date.parse(user.tokensValidAfterTime ?? '') || 0,
      disabled: user.disabled,
      readAt: Date.now(),
    };
    // Bounded: a flood of distinct users cannot grow the map without end.
    if (states.size > 50_000) states.clear();
    states.set(uid, state);
    return state;
  }

  return {
    forget,
    async assertValid(decoded: DecodedIdToken) {
      let state: RevocationState;
      try {
        state = await read(decoded.uid);
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') throw revoked('auth/user-not-found');
        throw err;
      }
      if (state.disabled) throw revoked('auth/user-disabled');
      if (decoded.iat * 1000 < state.validAfterMs) throw revoked('auth/id-token-revoked');
    },
  };
}

const revoked = (code: string) => Object.assign(new Error('The token is no longer valid'), { code });
