import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { craftToken, emulatorHost, PROJECT_ID, signUp, type TestUser } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/client';

// Its own file: building the app without the emulator removes FIREBASE_AUTH_EMULATOR_HOST from this
// worker's environment, which must not leak into files that use the emulator.
describe('auth without the emulator configured', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let user: TestUser;

  beforeAll(async () => {
    user = await signUp();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/tmp/unused',
      FIREBASE_PROJECT_ID: PROJECT_ID,
    });
    expect(config.firebase.emulatorHost).toBeUndefined();
    database = createDatabase({ dataDir: ':memory:' });
    await database.migrate();
    // A stale variable from the shell must not switch firebase-admin into emulator mode.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost();
    app = await buildApp(config, { database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (token: string) => app.inject({ url: '/api/members/me', headers: { authorization: `Bearer ${token}` } });

  it('removes the emulator variable so firebase-admin verifies signatures', () => {
    expect(process.env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
  });

  it('rejects a real (unsigned) emulator token with 401', async () => {
    const res = await get(user.idToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Invalid token' });
  });

  it('rejects an unsigned token that names a key id with 401', async () => {
    const token = craftToken(user.uid, {}, { alg: 'none', typ: 'JWT', kid: 'k1' });
    const res = await get(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Invalid token' });
  });

  it('rejects a forged RS256-looking token with 401', async () => {
    const header = { alg: 'RS256', typ: 'JWT', kid: randomBytes(20).toString('hex') };
    const token = craftToken(user.uid, {}, header, randomBytes(256).toString('base64url'));
    const res = await get(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Invalid token' });
  });
});
