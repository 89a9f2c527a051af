/**
 * Unique indexes decide races (a member's e-mail and phone, an idempotency key, one reversal per entry, one order
 * key); this names the field a violation hit, through the causes a driver error is wrapped in.
 */
export function uniqueField(error: unknown): 'email' | 'phone' | 'idempotency' | 'reverses' | 'order' | undefined {
  for (
    let e = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') {
      const name = e.constraint_name ?? e.constraint ?? '';
      if (name.includes('email')) return 'email';
      if (name.includes('phone')) return 'phone';
      if (name.includes('idempotency')) return 'idempotency';
      if (name.includes('reverses')) return 'reverses';
      if (name.includes('order_key')) return 'order';
    }
  }
  return undefined;
}
