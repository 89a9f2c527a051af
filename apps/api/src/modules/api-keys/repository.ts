import type { ApiKey, ApiKeyScope } from '@loyalty/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiKeys, tenants } from '../../db/schema';
import type { RecordChange } from '../../lib/changes';

const PREFIX = 'lpk_';

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};

function toApiKey(row: {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${PREFIX}${row.id}`,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function insertApiKey(
  db: Database,
  tenantId: string,
  key: { id: string; name: string; scopes: ApiKeyScope[]; secretHash: string; createdBy: string | null },
  recordChange: RecordChange,
): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ ...key, tenantId })
      .returning(listColumns);
    // The trail keeps the key's name and scopes, never its secret or hash.
    await recordChange(tx, 'api-keys', {
      action: 'apiKey.create',
      target: { type: 'apiKey', id: key.id },
      after: { name: key.name, scopes: key.scopes },
    });
    return toApiKey(row as NonNullable<typeof row>);
  });
}

/** The tenant's keys that still work, newest first (revoked keys stay in the table for the audit). */
export async function listApiKeys(db: Database, tenantId: string): Promise<ApiKey[]> {
  const rows = await db
    .select(listColumns)
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

/** True when a key of this tenant was revoked now; false when there is no such working key. */
export async function revokeApiKey(
  db: Database,
  tenantId: string,
  id: string,
  recordChange: RecordChange,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name, scopes: apiKeys.scopes });
    if (!revoked) return false;
    await recordChange(tx, 'api-keys', {
      action: 'apiKey.revoke',
      target: { type: 'apiKey', id },
      before: { ...revoked, revoked: false },
      after: { ...revoked, revoked: true },
    });
    return true;
  });
}

/** A working key of an active tenant, by its public id: what a bearer check compares its secret with. */
export async function findWorkingKey(db: Database, id: string) {
  const rows = await db
    .select({
      id: apiKeys.id,
      tenantId: apiKeys.tenantId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      secretHash: apiKeys.secretHash,
    })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), eq(tenants.status, 'ACTIVE')))
    .limit(1);
  return rows[0];
}

export async function touchApiKey(db: Database, id: string): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, id));
}
