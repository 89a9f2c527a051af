import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, nextSecond, updateFirebaseAccount } from '../../test/helpers';
import { activeOwner } from '../../test/onboarding-helpers';
import { REVOCATION_CACHE_MS } from './admin';

/** Revocation is read from Firebase once per user and window, and dropped at once when this server changes the user. */
describe('token revocation cache', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });
  const me = (token: string) => app.inject({ url: '/api/members/me', headers: bearer(token) });

  it('a revocation made by this server refuses the old token on the very next request', async () => {
    const owner = await activeOwner(app);
    expect((await me(owner.token)).statusCode).toBe(200);
    await nextSecond();
    await app.firebase.auth.revokeRefreshTokens(owner.user.uid);
    expect((await me(owner.token)).statusCode).toBe(401);
  });

  it('a change made elsewhere is seen once the window has passed', async () => {
    const owner = await activeOwner(app);
    expect((await me(owner.token)).statusCode).toBe(200);
    await nextSecond();
    // Another client changes the password straight at Firebase: this instance still trusts its cached state.
    await updateFirebaseAccount(owner.token, { password: 'changed-elsewhere-1' });
    expect((await me(owner.token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REVOCATION_CACHE_MS + 1000 });
    expect((await me(owner.token)).statusCode).toBe(401);
  });
});
