import type { PromotionAward } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import type { Rates } from '../points';
import { type LivePromotion, ruleOf, usesOf } from './repository';
import { type Award, promotionAwards, sumAwards } from './rules';

/**
 * What the promotions in force give one purchase (docs/design.md §10): read with the member locked, so a
 * perMemberLimit holds under concurrency. None while points are inactive (or were never set up).
 */
export async function promotionsForPurchase(
  tx: Queries,
  live: readonly LivePromotion[],
  purchase: {
    tenantId: string;
    memberId: string;
    rates: Rates | null;
    basePoints: number;
    amountCents: bigint;
    tierId: string | null;
    branchId: string | null;
  },
): Promise<{ points: number; awards: Award[]; named: PromotionAward[] }> {
  const first = live[0];
  if (!first || !purchase.rates?.isActive) return { points: 0, awards: [], named: [] };
  const rules = live.map(ruleOf);
  const limited = rules.filter((r) => r.perMemberLimit !== null).map((r) => r.id);
  const uses = await usesOf(tx, purchase.tenantId, purchase.memberId, limited);
  const awards = promotionAwards(
    purchase.basePoints,
    rules,
    {
      amountCents: purchase.amountCents,
      dow: first.dow,
      minute: first.minute,
      atMs: first.atMs,
      tierId: purchase.tierId,
      branchId: purchase.branchId,
    },
    (id) => uses.get(id) ?? 0,
  );
  return { points: sumAwards(awards), awards, named: namedAwards(awards, live) };
}

/** The awards with their promotions' names, for the answer the counter shows. */
export function namedAwards(awards: readonly Award[], live: readonly LivePromotion[]): PromotionAward[] {
  return awards.map((a) => {
    const p = live.find((x) => x.id === a.id);
    return p ? { ...a, name: p.name, nameZh: p.nameZh, nameCn: p.nameCn } : { ...a };
  });
}
