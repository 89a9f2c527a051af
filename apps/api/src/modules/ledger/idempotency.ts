import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors';

/**
 * The hash stored with an Idempotency-Key: sha256 of the body as validated (unknown fields dropped, keys in
 * one order), so a retry of the same request matches however its JSON was spelled, and a request that
 * reuses the key with another amount, type, points or reason does not. A reversal hashes
 * `{type: 'REVERSAL', entryId}`, so its key cannot replay a purchase or the reversal of another entry.
 */
export function transactionBodyHash(body: object): string {
  const fields = Object.entries(body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/** 422: the key already recorded another request; answering its entry would tell the till the wrong thing. */
export const keyReusedWithAnotherBody = (key: string) =>
  new AppError(
    422,
    `The Idempotency-Key "${key}" was already used for a different transaction (another amount, type or points); nothing was recorded. Send a new key for a new transaction.`,
    { error: 'IDEMPOTENCY_KEY_REUSED' },
  );
