import type { Membership } from './membership';

/**
 * How long this instance reuses a caller's membership row (tenant, role, status) without reading it again.
 * Writes made through this instance drop the cache at once; another instance's writes are seen within this
 * window (see docs/capacity.md).
 */
const MEMBERSHIP_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { membership: Membership; readAt: number };

/**
 * The membership lookup every tenant-scoped request starts with, kept for a few seconds so a burst of reads
 * does not repeat the same join. Only found rows are kept: "no business yet" is always read fresh, so a
 * registration finished on another instance shows at once. A lookup that began before the last write is
 * not stored, so a read racing a role change cannot put the old role back.
 */
export function createMembershipCache(ttlMs = MEMBERSHIP_CACHE_MS) {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    async get(
      uid: string,
      tenantId: string | undefined,
      load: () => Promise<Membership | undefined>,
    ): Promise<Membership | undefined> {
      const key = `${uid}\n${tenantId ?? ''}`;
      const hit = entries.get(key);
      if (hit && Date.now() - hit.readAt < ttlMs) return hit.membership;
      const started = generation;
      const readAt = Date.now();
      const membership = await load();
      if (membership && started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { membership, readAt });
      } else {
        entries.delete(key);
      }
      return membership;
    },
    /** After any write through this instance: the next lookup of every caller reads the database. */
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type MembershipCache = ReturnType<typeof createMembershipCache>;
