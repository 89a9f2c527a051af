import { randomUUID } from 'node:crypto';
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, getAuth } from 'firebase-admin/auth';
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
      const decoded = await auth.verifyIdToken(token, true);
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
