import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, craftToken, signUp } from '../../test/helpers';

const apps: FastifyInstance[] = [];
async function appWith(env: Record<string, string>) {
  const app = await buildTestApp(env);
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

const rename = (app: FastifyInstance, token: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'PUT',
    url: '/api/users/me',
    headers: bearer(token),
    payload: { first_name: 'Ada', last_name: 'Byron' },
    remoteAddress: ip,
  });

describe('rate limits', () => {
  it('limits writes per user: past the limit 429 with Retry-After and the error shape; another user is unaffected', async () => {
    const app = await appWith({ RATE_LIMIT_WRITES_PER_MINUTE: '3' });
    const [a, b] = await Promise.all([signUp(), signUp()]);
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await rename(app, a.idToken)).statusCode);
    // The caller has no profile yet (404), but the limit counts the attempts all the same.
    expect(codes.slice(0, 3)).not.toContain(429);
    const refused = await rename(app, a.idToken);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: 429, error: 'RATE_LIMITED', message: expect.any(String) });
    expect((await rename(app, b.idToken)).statusCode).not.toBe(429);
  });

  it('refuses an address that sent too many bad tokens, even with a good one, and not other addresses', async () => {
    const app = await appWith({ RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '2' });
    const user = await signUp();
    const forged = craftToken(randomUUID(), {}, { alg: 'RS256', typ: 'JWT' }, 'c2lnbmF0dXJl');
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: '/api/users/me', headers: bearer(forged), remoteAddress: '10.0.0.9' });
      expect([401, 429]).toContain(res.statusCode);
    }
    const blocked = await app.inject({
      url: '/api/users/me',
      headers: bearer(user.idToken),
      remoteAddress: '10.0.0.9',
    });
    expect(blocked.statusCode).toBe(429);
    const other = await app.inject({ url: '/api/users/me', headers: bearer(user.idToken), remoteAddress: '10.0.0.10' });
    expect(other.statusCode).not.toBe(429);
  });

  it('shares the counters between instances through Redis (REDIS_URL)', async () => {
    const env = { RATE_LIMIT_WRITES_PER_MINUTE: '2', REDIS_URL: 'redis://127.0.0.1:6379' };
    const [one, two] = [await appWith(env), await appWith(env)];
    const user = await signUp();
    expect((await rename(one, user.idToken)).statusCode).not.toBe(429);
    expect((await rename(two, user.idToken)).statusCode).not.toBe(429);
    // The third write, on either instance, is past the shared limit.
    expect((await rename(one, user.idToken)).statusCode).toBe(429);
  });

  it('names each Redis counter by what it counts: the limit and the caller', async () => {
    const env = { REDIS_URL: 'redis://127.0.0.1:6379' };
    const app = await appWith(env);
    const user = await signUp();
    const forged = craftToken(randomUUID(), {}, { alg: 'RS256', typ: 'JWT' }, 'c2lnbmF0dXJl');
    const ip = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    await rename(app, user.idToken);
    await app.inject({ url: '/api/users/me', headers: bearer(forged), remoteAddress: ip });
    const redis = new Redis(env.REDIS_URL);
    try {
      const keys = (await redis.keys('lp-rl-*')).filter((k) => k.includes(user.uid) || k.includes(ip));
      expect(keys.sort()).toEqual([`lp-rl-auth-fail:${ip}`, `lp-rl-writes:u:${user.uid}`]);
    } finally {
      redis.disconnect();
    }
  });
});
