import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queries } from './client';

/** Rows of a raw query: postgres-js answers an array, PGlite an object with rows. */
export async function rowsOf<T>(db: Queries, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

/**
 * `column` is one of `ids`, the ids sent as one JSON value: a batch of thousands is one parameter, where
 * drizzle's inArray makes one parameter each (thousands to build, serialise and parse per statement).
 */
export const inJson = (column: SQLWrapper, ids: readonly string[]): SQL =>
  sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))`;
