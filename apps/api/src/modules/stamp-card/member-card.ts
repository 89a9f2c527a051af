import type { MemberStampCard } from '@loyalty/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members, rewardRedemptions, rewards } from '../../db/schema';
import { sizeOf } from './card';
import { findRewardNames, toCardRedemption } from './repository';
import { loadStampSettings } from './settings';

/**
 * The member's stamp card as a screen draws it (the card page, the counter, the pass): the stamps on the current
 * card of its size, the reward a full card gives, and the rewards of full cards not handed over yet. Undefined
 * when the business has no stamp card.
 */
export async function memberStampCard(
  db: Queries,
  tenantId: string,
  memberId: string,
): Promise<MemberStampCard | undefined> {
  const settings = await loadStampSettings(db, tenantId);
  if (!settings) return undefined;
  const [[row], reward, ready] = await Promise.all([
    db
      .select({
        stamps: members.stamps,
        size: members.stampCardSize,
        cardsCompleted: members.cardsCompleted,
      })
      .from(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId))),
    findRewardNames(db, tenantId, settings.rewardId),
    db
      .select({ redemption: rewardRedemptions, nameZh: rewards.nameZh, nameCn: rewards.nameCn })
      .from(rewardRedemptions)
      .leftJoin(rewards, eq(rewards.id, rewardRedemptions.rewardId))
      .where(
        and(
          eq(rewardRedemptions.tenantId, tenantId),
          eq(rewardRedemptions.memberId, memberId),
          eq(rewardRedemptions.source, 'STAMPS'),
          eq(rewardRedemptions.state, 'ISSUED'),
        ),
      )
      .orderBy(asc(rewardRedemptions.createdAt))
      .limit(20),
  ]);
  if (!row) return undefined;
  return {
    active: settings.active,
    stamps: row.stamps,
    stampsPerCard: sizeOf({ ...row, startedAt: null }, settings.stampsPerCard),
    cardsCompleted: row.cardsCompleted,
    reward: reward ? { name: reward.name, nameZh: reward.nameZh, nameCn: reward.nameCn } : null,
    ready: ready.map((r) => toCardRedemption(r.redemption, { nameZh: r.nameZh, nameCn: r.nameCn })),
  };
}
