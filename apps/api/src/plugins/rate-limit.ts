import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/errors';
import { namedRedisStore } from './rate-limit-store';

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MINUTE = 60_000;

export function tooMany(reply: FastifyReply, ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  reply.header('retry-after', String(seconds));
  return new AppError(429, `Too many requests. Try again in ${seconds} seconds.`, { error: 'RATE_LIMITED' });
}

/**
 * Limits per signed-in user (per IP when anonymous) on onboarding, uploads and every other write, and per IP
 * on failed tokens. Counters live in memory, or in Redis (REDIS_URL) so several instances share them. The
 * defaults are far above what a person clicking through the portal does; they stop scripts, not admins.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const limits = opts.config.rateLimits;
  const redis = opts.config.redisUrl
    ? new Redis(opts.config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  // The store fails open: a Redis outage must not lock every admin out. Redis keys are named by what they count
  // (rate-limit-store.ts).
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { store: namedRedisStore(redis, 'lp-rl-') } : {}),
  });

  const byCaller = (request: FastifyRequest) =>
    request.apiKey ? `k:${request.apiKey.id}` : request.identity ? `u:${request.identity.uid}` : `ip:${request.ip}`;
  const limiter = (group: string, max: number) =>
    app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: (r) => `${group}:${byCaller(r)}` });
  const onboarding = limiter('onboarding', limits.onboardingPerMinute);
  const uploads = limiter('uploads', limits.uploadsPerMinute);
  const writes = limiter('writes', limits.writesPerMinute);
  // Every call an API key makes counts, reads too: a key is a program, and one runaway till must not starve others.
  const keyCalls = app.createRateLimit({
    max: limits.apiKeyPerMinute,
    timeWindow: MINUTE,
    keyGenerator: (r) => `key:${r.apiKey?.id}`,
  });
  const tokenFailures = app.createRateLimit({
    max: limits.authFailuresPerMinute,
    timeWindow: MINUTE,
    keyGenerator: (r) => `auth-fail:${r.ip}`,
  });

  // Addresses that sent too many bad tokens, refused until their window ends (per instance; the count is shared).
  const blocked = new Map<string, number>();
  // Callbacks, not async hooks: they run on every request and almost always have nothing to wait for.
  app.addHook('onRequest', (request, reply, done) => {
    const until = blocked.get(request.ip);
    if (until !== undefined && until <= Date.now()) blocked.delete(request.ip);
    if (until === undefined || until <= Date.now()) return done();
    done(tooMany(reply, until - Date.now()));
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Only a presented-but-refused token counts; a missing one is a plain sign-in prompt.
    if (reply.statusCode !== 401 || !request.headers.authorization) return done();
    tokenFailures(request).then(
      (result) => {
        if (!result.isAllowed && result.isExceeded) blocked.set(request.ip, Date.now() + result.ttl);
        done();
      },
      (err: Error) => done(err),
    );
  });

  const guard =
    (check: typeof writes): onRequestAsyncHookHandler =>
    async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttl);
    };
  const guards = { onboarding: guard(onboarding), uploads: guard(uploads), writes: guard(writes) };
  const keyGuard: onRequestAsyncHookHandler = async (request, reply) => {
    if (!request.apiKey) return;
    const result = await keyCalls(request);
    if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttl);
  };

  // Runs after the access hook has put authentication first, so the limiter already knows the caller.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const own0 =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (route.config?.scope && !own0.includes(keyGuard as never)) {
      route.onRequest = [...own0, keyGuard] as typeof route.onRequest;
    }
    if (!route.url.startsWith('/api/') || !methods.some((m) => WRITE.has(String(m)))) return;
    const which = route.url.startsWith('/api/onboarding/')
      ? guards.onboarding
      : route.url === '/api/oci-object-storage'
        ? guards.uploads
        : guards.writes;
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...own, which] as typeof route.onRequest;
  });
});
