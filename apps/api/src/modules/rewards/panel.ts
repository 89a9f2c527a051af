import type { CardClaim, MemberReward, MemberRewardsPanel } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { notFound } from '../../lib/errors';
import { dbNow } from '../ledger';
import { findMemberRow } from '../members';
import { memberRewards } from './availability';
import { memberRedemptions, recentClaims, rewardsWithMemberCounts } from './repository';

/** The rewards a member sees (their card, the counter): those offered to their tier now, with their progress. */
export async function rewardsForMember(
  db: Queries,
  tenantId: string,
  member: { id: string; tierId: string | null; spendable: number },
): Promise<MemberReward[]> {
  const [rows, now] = await Promise.all([rewardsWithMemberCounts(db, tenantId, member.id), dbNow(db)]);
  return memberRewards(rows, member, now);
}

/** The member's claim codes within their 10 minutes, each `used` once staff redeemed it (the card page's). */
export async function claimsForMember(db: Queries, tenantId: string, memberId: string): Promise<CardClaim[]> {
  const rows = await recentClaims(db, tenantId, memberId);
  return rows.map((r) => ({ ...r, used: Boolean(r.used), expiresAt: new Date(r.expiresAt).toISOString() }));
}

/** The counter's reward panel of one member. */
export async function memberRewardsPanel(db: Queries, tenantId: string, memberId: string): Promise<MemberRewardsPanel> {
  const row = await findMemberRow(db, tenantId, memberId);
  if (!row) throw notFound('Member not found');
  const member = { id: row.userId, tierId: row.tierId, spendable: row.pointsBalance };
  const [rewards, redemptions] = await Promise.all([
    rewardsForMember(db, tenantId, member),
    memberRedemptions(db, tenantId, memberId),
  ]);
  return { pointsBalance: row.pointsBalance, rewards, redemptions };
}
