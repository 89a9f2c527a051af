/** PostgreSQL's codes for the violations the product turns into answers. */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
export const RESTRICT_VIOLATION = '23001';

type DriverError = { code?: string; constraint_name?: string; constraint?: string; cause?: unknown };

/**
 * The constraint a violation of `code` names ('' when the driver gives none), through the causes Drizzle and the
 * drivers wrap an error in; undefined when the error is not that violation. Constraints and keys decide races, so
 * the answer is read from the error rather than checked beforehand.
 */
export function violation(error: unknown, code: string): string | undefined {
  for (let e = error as DriverError | undefined; e; e = e.cause as DriverError | undefined) {
    if (e.code === code) return e.constraint_name ?? e.constraint ?? '';
  }
  return undefined;
}
