import type { MemberDataExport } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { redeemEntries } from './repository';

/**
 * The hook for rewards (DESIGN §9 Rewards, built alongside): the member's redemptions as the export lists them.
 * Today each REDEEM entry of the ledger is one, with no reward named; once reward_redemptions exist, this
 * reads them (reward, state, code) and keeps the plain REDEEM entries that no reward explains.
 */
export async function memberRedemptions(
  db: Queries,
  tenantId: string,
  memberId: string,
): Promise<MemberDataExport['redemptions']> {
  const rows = await redeemEntries(db, tenantId, memberId);
  return rows.map((r) => ({
    entryId: r.id,
    rewardId: null,
    rewardName: null,
    state: null,
    points: r.points,
    amount: r.amount === null ? null : Number(r.amount),
    createdAt: r.createdAt.toISOString(),
  }));
}
