import type { ApiErrorBody } from '@loyalty/contracts';

/** An error a route throws on purpose; the error handler turns it into the one error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Pick<ApiErrorBody, 'error' | 'code' | 'errors' | 'tenantId' | 'userId' | 'conflict' | 'used'> = {},
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, message, { error: 'UNAUTHORIZED' });
export const forbidden = (message = 'Forbidden', extra: ApiErrorBody['error'] = 'FORBIDDEN') =>
  new AppError(403, message, { error: extra });
export const notFound = (message = 'Not found') => new AppError(404, message, { error: 'NOT_FOUND' });
export const conflict = (message: string, error = 'CONFLICT') => new AppError(409, message, { error });
export const badRequest = (errors: Record<string, string>, message = 'Validation failed') =>
  new AppError(400, message, { error: 'VALIDATION_ERROR', errors });

/** What a read found, or 404 with `message` when it found nothing. */
export function foundOr404<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw notFound(message);
  return value;
}
