import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';

export async function recordUpload(
  db: Database,
  tenantId: string,
  row: { accountId: string; storageKey: string; contentType: string; sizeBytes: number },
): Promise<void> {
  await db.insert(uploads).values({ id: randomUUID(), tenantId, ...row });
}
