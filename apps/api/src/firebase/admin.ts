import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import type { Config } from '../config';

export type IdentityClaims = { uid: string; email?: string; emailVerified: boolean; phone?: string };

/** The server's only door to Firebase: token checks and reading or managing users with the admin SDK. */
export type FirebaseAdmin = {
  auth: Auth;
  verifyToken(token: string): Promise<IdentityClaims>;
  close(): Promise<void>;
};

export function createFirebaseAdmin(config: Config): FirebaseAdmin {
  // firebase-admin reads the emulator address from the environment itself; config.ts is the one place
  // that decides it, so write it (or remove it) here before the SDK looks.
  if (config.firebase.emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = config.firebase.emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;

  const app: App = initializeApp({ projectId: config.firebase.projectId }, `api-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    auth,
    async verifyToken(token) {
      const decoded = await verifyNotRevoked(auth, token);
      return {
        uid: decoded.uid,
        email: decoded.email?.toLowerCase(),
        emailVerified: decoded.email_verified === true,
        phone: decoded.phone_number,
      };
    },
    close: () => deleteApp(app),
  };
}

/**
 * verifyIdToken with the revocation check, dated by the token's issue time. firebase-admin dates revocation
 * by auth_time, which an e-mail or password change does not move, so the fresh token such a change hands back
 * would be refused until the user signed in again. "Revoked" is only reported after the signature and claims
 * checked out, so accepting a token issued at or after the cut-off keeps every other guarantee.
 */
async function verifyNotRevoked(auth: Auth, token: string): Promise<DecodedIdToken> {
  try {
    return await auth.verifyIdToken(token, true);
  } catch (err) {
    if ((err as { code?: string }).code !== 'auth/id-token-revoked') throw err;
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as DecodedIdToken;
    const user = await auth.getUser(claims.sub);
    const validAfter = Date.parse(user.tokensValidAfterTime ?? '') || 0;
    if (user.disabled || claims.iat * 1000 < validAfter) throw err;
    return { ...claims, uid: claims.sub };
  }
}
