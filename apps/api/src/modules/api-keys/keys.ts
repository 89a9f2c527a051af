import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, type ApiKeyScope } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import type { RecordChange } from '../../lib/changes';
import { findWorkingKey, insertApiKey, touchApiKey } from './repository';

/** Who a verified key is: the tenant it belongs to, its name (for logs and the audit) and what it may do. */
export type ApiKeyPrincipal = { id: string; tenantId: string; name: string; scopes: ApiKeyScope[] };

const hashOf = (secret: string) => createHash('sha256').update(secret).digest();

/** A new key: the id (public, the row's key), the whole key shown once, and the hash kept. */
function newApiKey() {
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { id, key: `lpk_${id}_${secret}`, secretHash: hashOf(secret).toString('hex') };
}

/** Makes and saves a new key of the tenant, made by `accountId`: its row, and the whole key shown this once. */
export async function createApiKey(
  db: Database,
  { tenantId, accountId }: { tenantId: string; accountId: string },
  body: { name: string; scopes: ApiKeyScope[] },
  recordChange: RecordChange,
) {
  const { id, key, secretHash } = newApiKey();
  const row = await insertApiKey(db, tenantId, { id, secretHash, createdBy: accountId, ...body }, recordChange);
  return { ...row, key };
}

/** How long a verified key is trusted without reading its row again; revoking on this instance clears it. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 1000;
/** `last_used_at` is written at most this often per key, so a busy till does not turn reads into writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Checks `lpk_…` bearers. A random 256-bit secret needs no slow hash: SHA-256 and a constant-time compare
 * are enough, and a short-lived cache (keyed by the whole key, so a wrong secret never hits it) keeps a
 * till's every request from reading the row. `forget` runs on revoke, so this instance refuses at once;
 * another instance may accept a revoked key for at most TTL_MS.
 */
export function createApiKeyVerifier(db: Database, log: { warn(obj: object, msg: string): void }) {
  const cache = new Map<string, { principal: ApiKeyPrincipal; until: number }>();
  const touched = new Map<string, number>();

  function touch(id: string) {
    const now = Date.now();
    if ((touched.get(id) ?? 0) > now - TOUCH_EVERY_MS) return;
    touched.set(id, now);
    touchApiKey(db, id).catch((err) => log.warn({ err }, 'could not record the key’s last use'));
  }

  return {
    async verify(token: string): Promise<ApiKeyPrincipal | undefined> {
      const cached = cache.get(token);
      if (cached && cached.until > Date.now()) {
        // Least recently used first out: a hit moves the key to the back of the map's order.
        cache.delete(token);
        cache.set(token, cached);
        touch(cached.principal.id);
        return cached.principal;
      }
      cache.delete(token);
      const match = API_KEY_PATTERN.exec(token);
      if (!match) return undefined;
      const row = await findWorkingKey(db, match[1] as string);
      if (!row) return undefined;
      const stored = Buffer.from(row.secretHash, 'hex');
      const given = hashOf(match[2] as string);
      if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
      const principal = { id: row.id, tenantId: row.tenantId, name: row.name, scopes: row.scopes };
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(token, { principal, until: Date.now() + TTL_MS });
      touch(row.id);
      return principal;
    },
    /** After a revoke: nothing cached survives (cheaper than finding the one entry by its id). */
    forget() {
      cache.clear();
    },
  };
}

export type ApiKeyVerifier = ReturnType<typeof createApiKeyVerifier>;
