import type { sql } from 'drizzle-orm';
import type { Queries } from './client';

/** Rows of a raw query: postgres-js answers an array, PGlite an object with rows. */
export async function rowsOf<T>(db: Queries, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
