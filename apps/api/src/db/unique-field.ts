import { UNIQUE_VIOLATION, violation } from './violation';

/**
 * Unique indexes decide races (a member's e-mail and phone, an idempotency key, one reversal per entry, one order
 * key); this names the field a violation hit, through the causes a driver error is wrapped in.
 */
export function uniqueField(error: unknown): 'email' | 'phone' | 'idempotency' | 'reverses' | 'order' | undefined {
  const name = violation(error, UNIQUE_VIOLATION);
  if (name === undefined) return undefined;
  if (name.includes('email')) return 'email';
  if (name.includes('phone')) return 'phone';
  if (name.includes('idempotency')) return 'idempotency';
  if (name.includes('reverses')) return 'reverses';
  if (name.includes('order_key')) return 'order';
  return undefined;
}
