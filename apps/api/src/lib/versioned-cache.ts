import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import type { Database } from '../db/client';
import { type ListVersion, readListVersion } from '../db/list-version';

/** What a load answers: the value, and when (epoch ms) it goes stale with time alone, if it does. */
export type Loaded<T> = { value: T; staleAt?: number };

/**
 * Answers to list reads, reused while their tenant's list version (kept by database triggers, migrations
 * 0004 and 0005) has not moved. The version is read on every request, so a write from any instance, or
 * straight in SQL, is seen by the next read. What moves with time alone (points passing their expiry date)
 * is named by the load (staleAt), and the entry ends then. maxAgeMs only bounds what a clock gap between
 * this server and the database could leave. Requests that miss together share one load, so a burst on a
 * cold page runs its queries once.
 */
export function createVersionedCache<T>({ maxAgeMs = 60_000, max = 2_000 } = {}) {
  const entries = new Map<string, { version: number; until: number; value: Promise<T> }>();
  return {
    get(key: string, version: number, load: () => Promise<Loaded<T>>): Promise<T> {
      if (version < 0) return load().then((l) => l.value);
      const hit = entries.get(key);
      if (hit && hit.version === version && Date.now() < hit.until) return hit.value;
      // Bounded: the oldest entry (Map keeps insertion order) makes room.
      if (!hit && entries.size >= max) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const entry = { version, until: Date.now() + maxAgeMs, value: undefined as unknown as Promise<T> };
      entry.value = load().then((loaded) => {
        if (loaded.staleAt !== undefined) entry.until = Math.min(entry.until, loaded.staleAt);
        return loaded.value;
      });
      entries.set(key, entry);
      // A failed load is not kept: the next request tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
  };
}

type JsonCache = ReturnType<typeof createVersionedCache<string>>;

/**
 * A tenant's list answer: the tenant's list version is read (one primary-key query), then the answer comes
 * from the cache or is built, checked against its response schema and serialised once per version. Fastify
 * sends a string with a JSON content type as it is, so a hit costs no serialisation at all.
 * `Server-Timing: cache;desc=hit|miss` says whether this request built the answer (a request that joins a
 * load already under way counts as a hit): the benchmark reads the cache's hit ratio from it (bench/saas.mjs).
 */
export async function sendTenantList<T>(
  reply: FastifyReply,
  cache: JsonCache,
  list: { db: Database; tenantId: string; key: readonly unknown[]; schema: ZodType<T> },
  build: (version: ListVersion) => Promise<Loaded<T>>,
): Promise<FastifyReply> {
  const version = await readListVersion(list.db, list.tenantId);
  const key = [list.tenantId, ...list.key].join('\n');
  let missed = false;
  const body = await cache.get(key, version.version, async () => {
    missed = true;
    const built = await build(version);
    return { value: JSON.stringify(list.schema.parse(built.value)), staleAt: built.staleAt };
  });
  reply.header('server-timing', missed ? 'cache;desc=miss' : 'cache;desc=hit');
  return reply.type('application/json; charset=utf-8').send(body);
}
