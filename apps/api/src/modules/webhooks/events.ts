import type { WebhookEvent } from '@loyalty/contracts';
import type { ChangeEvent, EntryType, StampsRecorded } from '../../lib/changes';

/** A webhook event without its timestamp (the delivery adds it). */
export type TenantEvent = Omit<WebhookEvent, 'timestamp'>;

/** The webhook event of each ledger entry type (expiry has its own event, told from `expired`). */
const POINTS_EVENT = {
  PURCHASE: 'points.earned',
  BONUS: 'points.earned',
  REDEEM: 'points.redeemed',
  ADJUST: 'points.adjusted',
  IMPORT: 'points.adjusted',
  REVERSAL: 'points.adjusted',
  EXPIRE: 'points.adjusted',
  REFUND: 'points.refunded',
} as const satisfies Record<EntryType, string>;

/**
 * What webhook receivers hear of a change, in its order: a member made, changed (and its tier when it moved) or
 * deleted; for a ledger entry, the points that expired on the way, the entry itself, and the tier when it moved.
 * A change of the cards alone (their design) is nothing to them.
 */
export function webhookEventsOf(events: readonly ChangeEvent[]): TenantEvent[] {
  const out: TenantEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'member.created':
        out.push({ type: 'member.created', data: event.member });
        break;
      case 'member.updated': {
        out.push({ type: 'member.updated', data: event.member });
        const { id, tierId } = event.member;
        if (tierId !== event.fromTierId) {
          out.push({ type: 'tier.changed', data: { memberId: id, fromTierId: event.fromTierId, toTierId: tierId } });
        }
        break;
      }
      case 'member.deleted':
        out.push({ type: 'member.deleted', data: { id: event.id, membershipCode: event.membershipCode } });
        break;
      case 'entry.recorded': {
        const { memberId, entry } = event;
        if (event.expired > 0) {
          out.push({
            type: 'points.expired',
            data: { memberId, points: -event.expired, pointsBalance: event.balanceBeforeEntry },
          });
        }
        const data = {
          memberId,
          entryId: entry.id,
          points: entry.points,
          amount: entry.amount,
          pointsBalance: event.after.balance,
          branchId: entry.branchId ?? null,
        };
        const type = POINTS_EVENT[entry.type];
        if (type === 'points.adjusted')
          out.push({ type, data: { ...data, reason: entry.reason, reasonCode: entry.reasonCode ?? null } });
        else if (type === 'points.refunded') {
          const purchase = { purchaseId: entry.reversesId ?? '', orderId: entry.orderId ?? null };
          out.push({ type, data: { ...data, ...purchase } });
        } else if (type === 'points.earned') {
          // The base points and each promotion's part (docs/design.md §10): points = base + promotions.
          out.push({
            type,
            data: { ...data, basePoints: entry.basePoints ?? entry.points, promotions: entry.promotions ?? [] },
          });
        } else out.push({ type, data });
        if (event.before.tierId !== event.after.tierId) {
          out.push({
            type: 'tier.changed',
            data: { memberId, fromTierId: event.before.tierId, toTierId: event.after.tierId },
          });
        }
        break;
      }
      case 'reward.redeemed':
        out.push({ type: 'reward.redeemed', data: event.data });
        break;
      case 'stamps.recorded':
        out.push(...stampEventsOf(event));
        break;
      case 'message.sent':
        out.push({ type: 'message.sent', data: event.data });
        break;
      case 'tier.reviewed':
        out.push({
          type: 'tier.changed',
          data: { memberId: event.memberId, fromTierId: event.fromTierId, toTierId: event.toTierId },
        });
        break;
      case 'points.lapsed':
        out.push({
          type: 'points.expired',
          data: { memberId: event.memberId, points: -event.points, pointsBalance: event.balance },
        });
        break;
      case 'points.expiring':
        out.push({
          type: 'points.expiring',
          data: {
            memberId: event.memberId,
            points: event.points,
            expiresAt: event.expiresAt.toISOString(),
            pointsBalance: event.balance,
          },
        });
        break;
      case 'automation.fired':
        out.push({ type: 'automation.fired', data: event.data });
        break;
      case 'cards.changed':
      case 'redemption.settled':
      case 'tiers.changed':
        break;
    }
  }
  return out;
}

/** stamps.added or stamps.removed for the entry, then stampcard.completed for each card it filled. */
function stampEventsOf(event: StampsRecorded): TenantEvent[] {
  const { memberId, entry, after } = event;
  const out: TenantEvent[] = [];
  const data = {
    memberId,
    entryId: entry.id,
    entryType: entry.type,
    stamps: entry.stamps,
    cardStamps: after.stamps,
    stampsPerCard: after.stampsPerCard,
    cardsCompleted: after.cardsCompleted,
    purchaseId: entry.purchaseId,
  };
  const added = entry.type === 'ADD' || entry.type === 'PURCHASE' || entry.type === 'IMPORT';
  out.push({ type: added ? 'stamps.added' : 'stamps.removed', data });
  if (added) {
    for (const card of event.completed) {
      out.push({
        type: 'stampcard.completed',
        data: {
          memberId,
          entryId: entry.id,
          redemptionId: card.redemptionId,
          rewardId: card.rewardId,
          rewardName: card.rewardName,
          cardsCompleted: after.cardsCompleted,
          stamps: after.stamps,
        },
      });
    }
  }
  return out;
}
