import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  craftToken,
  nextSecond,
  signUp,
  type TestUser,
  updateFirebaseAccount,
} from '../../test/helpers';

const URL = '/api/members/me';
const hourAgo = () => Math.floor(Date.now() / 1000) - 3600;

describe('auth plugin: bearer token verification', () => {
  let app: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    app = await buildTestApp();
    user = await signUp();
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string> = {}) => app.inject({ url: URL, headers });
  const expect401 = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body).toMatchObject({ status: 401, message: expect.stringMatching(/\S/) });
    // The one error shape, and nothing of the verifier's internals.
    expect(Object.keys(body).every((k) => ['status', 'error', 'message'].includes(k))).toBe(true);
  };

  it('lets a real emulator token through (control: the rejections below are about the token)', async () => {
    const res = await get(bearer(user.idToken));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T010' });
  });

  it('lets a crafted unsigned token with valid claims through in emulator mode (control)', async () => {
    const res = await get(bearer(craftToken(user.uid)));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'T010' });
  });

  it('answers 401 without a token', async () => {
    const res = await get();
    expect401(res);
    expect(res.json().message).toBe('Missing bearer token');
  });

  it('answers 401 to malformed authorization headers', async () => {
    for (const authorization of [
      'Bearer abc',
      'Basic x',
      'Bearer',
      `bearer ${user.idToken}`,
      `Token ${user.idToken}`,
    ]) {
      const res = await get({ authorization });
      expect401(res);
    }
  });

  it('answers 401 to a token-shaped header whose parts are not JSON', async () => {
    expect401(await get({ authorization: 'Bearer abc.def.' }));
  });

  it('answers 401 "Token expired" to an expired emulator-style token of a real user', async () => {
    const past = hourAgo() - 3600;
    const token = craftToken(user.uid, { auth_time: past, iat: past, exp: hourAgo() });
    const res = await get(bearer(token));
    expect401(res);
    expect(res.json().message).toBe('Token expired');
  });

  it('answers 401 to a token for another project (wrong audience)', async () => {
    const res = await get(bearer(craftToken(user.uid, { aud: 'another-project' })));
    expect401(res);
    expect(res.json().message).toBe('Invalid token');
  });

  it('answers 401 to a token issued for another project (wrong issuer)', async () => {
    const token = craftToken(user.uid, { iss: 'https://securetoken.google.com/another-project' });
    expect401(await get(bearer(token)));
  });

  it('answers 401 to a token for a user the emulator does not know', async () => {
    expect401(await get(bearer(craftToken('no-such-user-in-emulator'))));
  });

  it('answers 401 to a token of the right project whose subject is empty', async () => {
    expect401(await get(bearer(craftToken('', { sub: '' }))));
  });

  // Changing the e-mail or password moves the user's tokensValidAfterTime to "now". Tokens minted before are
  // revoked; the token the change itself returns (and later refreshes) must still work, or the web's profile
  // flow ends in 401 after every e-mail or password change.
  it.each([
    ['an e-mail', () => ({ email: `moved-${randomUUID()}@example.test` })],
    ['a password', () => ({ password: 'another-pass-2' })],
  ])('accepts the token %s change returns and rejects the one from before', async (_label, change) => {
    const other = await signUp();
    await nextSecond();
    const fresh = await updateFirebaseAccount(other.idToken, change());
    expect401(await get(bearer(other.idToken)));
    const res = await get(bearer(fresh));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'T010' });
  });
});
