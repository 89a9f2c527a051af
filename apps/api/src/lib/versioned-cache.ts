import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Answers to list reads, reused while their tenant's list version (kept by database triggers, migration
 * 0004) has not moved. The version is read on every request, so a write from any instance, or straight in
 * SQL, is seen by the next read. What moves with time alone (points passing their expiry date) is seen
 * within ttlMs. Requests that miss together share one load, so a burst on a cold page runs its query once.
 */
export function createVersionedCache<T>({ ttlMs = 1_000, max = 2_000 } = {}) {
  const entries = new Map<string, { version: number; at: number; value: Promise<T> }>();
  return {
    get(key: string, version: number, load: () => Promise<T>): Promise<T> {
      if (version < 0) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      // Bounded: the oldest entry (Map keeps insertion order) makes room.
      if (!hit && entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { version, at: Date.now(), value });
      // A failed load is not kept: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

export type JsonCache = ReturnType<typeof createVersionedCache<string>>;

/**
 * A list answer as JSON text, from the cache or built, checked against its response schema and serialised
 * once per version. Fastify sends a string with a JSON content type as it is, so a hit costs no
 * serialisation at all.
 */
export async function sendCachedJson<T>(
  reply: FastifyReply,
  cache: JsonCache,
  entry: { key: string; version: number; schema: ZodType<T> },
  build: () => Promise<T>,
): Promise<FastifyReply> {
  const body = await cache.get(entry.key, entry.version, async () => JSON.stringify(entry.schema.parse(await build())));
  return reply.type('application/json; charset=utf-8').send(body);
}
