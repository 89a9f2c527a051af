import type { ImportError, ImportStatus } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { imports } from '../../db/schema';

type NewImport = typeof imports.$inferInsert;

export async function insertImport(db: Queries, values: NewImport): Promise<void> {
  await db.insert(imports).values(values);
}

export async function findImport(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.tenantId, tenantId), eq(imports.id, id)));
  return row;
}

/** The import's row, locked until the transaction ends: one batch of one import at a time. */
export async function lockImport(db: Queries, id: string) {
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).for('update');
  return row;
}

/** A batch's progress, in the transaction of its writes: a rerun after a crash resumes after it. */
export async function recordProgress(
  db: Queries,
  id: string,
  progress: { processed: number; created: number; updated: number; errors: ImportError[]; done: boolean },
) {
  await db
    .update(imports)
    .set({
      processed: progress.processed,
      created: sql`${imports.created} + ${progress.created}`,
      updated: sql`${imports.updated} + ${progress.updated}`,
      errors: sql`${imports.errors} || ${JSON.stringify(progress.errors)}::jsonb`,
      state: progress.done ? 'done' : 'running',
      ...(progress.done ? { storageKey: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(imports.id, id));
}

/** An import whose job gave up: what committed stays, the rest of the file was not written. */
export async function markFailed(db: Queries, id: string) {
  await db.update(imports).set({ state: 'failed', updatedAt: sql`now()` }).where(eq(imports.id, id));
}

export const toStatus = (row: typeof imports.$inferSelect): ImportStatus => ({
  id: row.id,
  state: row.state,
  dryRun: row.dryRun,
  total: row.total,
  processed: row.processed,
  created: row.created,
  updated: row.updated,
  errors: [...row.errors].sort((a, b) => a.row - b.row),
  createdAt: row.createdAt.toISOString(),
});
