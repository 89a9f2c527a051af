import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { migratedTemplate } from './pglite-template';

export const PROJECT_ID = 'demo-loyalty-portal';
export const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export function emulatorHost() {
  return inject('emulatorHost');
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/unused',
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    // No cron in tests: a sweep at minute :05 would write off lots other tests of the shared database expect to
    // find. Tests of the scheduled work call it with their own clock.
    SCHEDULED_WORK: 'false',
    ...overrides,
  });
}

let workerPglite: DatabaseHandle | undefined;

/**
 * The worker's embedded database, shared by every app its files build, as the PostgreSQL project shares one
 * database (files share a worker's modules: apps/api/vitest.config.ts). Starting one from the migrated template cost
 * about 1.4 CPU s a file (docs/capacity.md, "The suite's time"). An app's close leaves it open for the next file.
 */
function sharedPglite(): DatabaseHandle {
  workerPglite ??= createDatabase({ dataDir: ':memory:', startFrom: migratedTemplate(inject('pgliteTemplate')) });
  return { ...workerPglite, close: async () => {} };
}

/**
 * A fresh app on the run's database: the worker's in-memory PGlite started from the run's migrated template, or
 * the shared migrated PostgreSQL of TEST_DATABASE_URL. `ownDatabase` gives the app an embedded database of its own
 * (its own connections on PostgreSQL), for a test that closes it.
 */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  { ownDatabase = false, ...options }: { serveWeb?: boolean; ownDatabase?: boolean } = {},
): Promise<FastifyInstance> {
  const database: DatabaseHandle =
    engine === 'postgres'
      ? createDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, dataDir: ':memory:' })
      : ownDatabase
        ? createDatabase({ dataDir: ':memory:', startFrom: migratedTemplate(inject('pgliteTemplate')) })
        : sharedPglite();
  const app = await buildApp(testConfig(overrides), { database, ...options });
  app.addHook('onClose', () => database.close());
  await app.ready();
  return app;
}

export const rest = (path: string) =>
  `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`;

/**
 * fetch to the emulator, sent once more when a kept-alive socket was closed under it: Node's HTTP server closes
 * an idle connection after 5 s, and a request that leaves on it at that moment fails with "other side closed"
 * (UND_ERR_SOCKET) before the emulator has read it.
 */
export async function emulatorFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

export async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await emulatorFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message: string } };
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export type TestUser = { uid: string; email: string; password: string; idToken: string };

/** A real emulator account signed up with e-mail and password; the token is a real (unsigned) emulator token. */
export async function signUp(
  email = `user-${randomUUID()}@example.test`,
  password = 'secret-pass-1',
): Promise<TestUser> {
  const res = await post<{ localId: string; idToken: string }>(rest('accounts:signUp'), {
    email,
    password,
    returnSecureToken: true,
  });
  return { uid: res.localId, email, password, idToken: res.idToken };
}

export async function signIn(email: string, password: string): Promise<string> {
  const res = await post<{ idToken: string }>(rest('accounts:signInWithPassword'), {
    email,
    password,
    returnSecureToken: true,
  });
  return res.idToken;
}

/** Asks the emulator for an SMS code as the browser does and reads the code it "sent". */
async function phoneCode(phoneNumber: string): Promise<{ sessionInfo: string; code: string }> {
  const { sessionInfo } = await post<{ sessionInfo: string }>(rest('accounts:sendVerificationCode'), {
    phoneNumber,
    recaptchaToken: 'ignored-by-emulator',
  });
  const codes = (await (
    await emulatorFetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)
  ).json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
  const code = codes.verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error('no verification code in the emulator');
  return { sessionInfo, code };
}

/** Verifies a phone for the user the way the browser does: send a code, read it from the emulator, confirm. */
export async function linkPhone(idToken: string, phoneNumber: string): Promise<string> {
  const res = await post<{ idToken: string }>(rest('accounts:signInWithPhoneNumber'), {
    ...(await phoneCode(phoneNumber)),
    idToken,
  });
  return res.idToken;
}

/** A customer's phone sign-in as the web SDK makes it (no other account): a token with phone_number. */
export async function signInWithPhone(phoneNumber: string): Promise<string> {
  const res = await post<{ idToken: string }>(rest('accounts:signInWithPhoneNumber'), await phoneCode(phoneNumber));
  return res.idToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A unique valid E.164 number, so parallel tests never share a phone. */
export function uniquePhone(): string {
  return `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
}

/** Updates the emulator account behind idToken as the web SDK's updateEmail/updatePassword do; a fresh token. */
export async function updateFirebaseAccount(
  idToken: string,
  change: { email?: string; password?: string },
): Promise<string> {
  const res = await post<{ idToken: string }>(rest('accounts:update'), { idToken, ...change, returnSecureToken: true });
  return res.idToken;
}

export const updateFirebaseEmail = (idToken: string, email: string) => updateFirebaseAccount(idToken, { email });

/** Token times are whole seconds: waiting past the next second makes "before" and "after" distinguishable. */
export const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** Deletes the emulator account behind idToken (frees its e-mail for another sign-up). */
export async function deleteFirebaseUser(idToken: string): Promise<void> {
  await post(rest('accounts:delete'), { idToken });
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An emulator-style unsigned ID token: header alg none, empty signature; claims, header and signature
 * overridable (a forged RS256 token is the same claims under another header with random bytes).
 */
export function craftToken(
  uid: string,
  claims: Record<string, unknown> = {},
  header: Record<string, unknown> = { alg: 'none', typ: 'JWT' },
  signature = '',
): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: uid,
    user_id: uid,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...claims,
  };
  return `${b64url(header)}.${b64url(payload)}.${signature}`;
}
