import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;
type Store = { incr(key: string, done: Counted, timeWindow: number, max: number): void };
type Params = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string; url?: string };
};

// @fastify/rate-limit's own Redis store (its Lua counter), not exported from the package's entry.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;

/**
 * The rate-limit counters in Redis, each key named by what it counts: `<prefix><group>:<caller>` for a limiter
 * made with createRateLimit (its key generator names the group, e.g. `lp-rl-writes:u:<uid>`), and
 * `<prefix><METHOD><url>-<caller>` for a route's own limit. The package's store names every child by its route,
 * which a limiter made with createRateLimit has not, so its keys read `lp-rl-undefinedundefined-…`.
 */
export function namedRedisStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  class NamedRedisStore {
    private readonly counter: Store;
    constructor(params: Params, key = prefix) {
      this.counter = new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis, key);
    }
    incr(key: string, done: Counted, timeWindow: number, max: number) {
      this.counter.incr(key, done, timeWindow, max);
    }
    child(params: Params) {
      const route = params.routeInfo?.url ? `${params.routeInfo.method}${params.routeInfo.url}-` : '';
      return new NamedRedisStore(params, `${prefix}${route}`);
    }
  }
  return NamedRedisStore as unknown as FastifyRateLimitStoreCtor;
}
