import type { Membership } from '@loyalty/contracts';

type Range = Pick<Membership, 'minSpendAmount' | 'maxSpendAmount' | 'isActive'>;

/**
 * Where a new tier's spend starts: right after the highest active tier. An open-ended top tier ($0 – ∞, as a
 * first tier usually is) is proposed a step above its start (1,000, or double a start above that), and saving
 * then offers to shorten it to end there. Empty when there is no active tier yet (the first starts at 0).
 */
export function proposedMinSpend(tiers: readonly Range[]): string {
  const active = tiers.filter((tier) => tier.isActive);
  if (active.length === 0) return '';
  const top = active.reduce((a, b) => ((b.minSpendAmount ?? 0) > (a.minSpendAmount ?? 0) ? b : a));
  if (top.maxSpendAmount !== null) return String(top.maxSpendAmount);
  const start = top.minSpendAmount ?? 0;
  return String(start < 1000 ? start + 1000 : start * 2);
}

/** The tier in the way, as an overlap answer names it (the API's `conflict`), when the body carries one. */
export type TierConflict = { id: string; name: string; minSpend: number; maxSpend: number | null };

export function conflictOf(body: unknown): TierConflict | null {
  if (typeof body !== 'object' || body === null || !('conflict' in body)) return null;
  const c = (body as { conflict: unknown }).conflict as Partial<TierConflict> | null;
  if (!c || typeof c.id !== 'string' || typeof c.name !== 'string' || typeof c.minSpend !== 'number') return null;
  return { id: c.id, name: c.name, minSpend: c.minSpend, maxSpend: typeof c.maxSpend === 'number' ? c.maxSpend : null };
}

/** A tier can end where the new one starts only when the new one starts above it. */
export const canShorten = (conflict: TierConflict, newMin: number) => newMin > conflict.minSpend;
