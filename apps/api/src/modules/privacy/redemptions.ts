import type { MemberDataExport } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { redeemEntries } from './repository';

/**
 * The member's redemptions as the export lists them: each REDEEM entry of the ledger, with the reward it paid
 * for and that redemption's state (ISSUED, FULFILLED, CANCELLED) where a reward did; points redeemed as money
 * at the counter name no reward.
 */
export async function memberRedemptions(
  db: Queries,
  tenantId: string,
  memberId: string,
): Promise<MemberDataExport['redemptions']> {
  const rows = await redeemEntries(db, tenantId, memberId);
  return rows.map((r) => ({
    entryId: r.id,
    rewardId: r.rewardId,
    rewardName: r.rewardName,
    state: r.state,
    points: r.points,
    amount: r.amount === null ? null : Number(r.amount),
    createdAt: r.createdAt.toISOString(),
  }));
}
