import type { Database } from '../../db/client';
import type { members, pointsLedger } from '../../db/schema';
import { tenantEvent } from '../../lib/change-hooks';
import type { Db } from './repository';

type MemberRow = typeof members.$inferSelect;

/** A member as member.* webhook events carry it. */
export const memberData = (m: MemberRow) => ({
  id: m.id,
  membershipCode: m.membershipCode,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  phone: m.phone,
  status: m.status,
  tierId: m.tierId,
  pointsBalance: m.pointsBalance,
  language: m.language ?? null,
});

/** The webhook event of each ledger entry type (expiry has its own event, told from `expired` below). */
const POINTS_EVENT = {
  PURCHASE: 'points.earned',
  BONUS: 'points.earned',
  REDEEM: 'points.redeemed',
  ADJUST: 'points.adjusted',
  IMPORT: 'points.adjusted',
  REVERSAL: 'points.adjusted',
  EXPIRE: 'points.adjusted',
} as const satisfies Record<(typeof pointsLedger.$inferSelect)['type'], string>;

/**
 * The events of one ledger write, told in its transaction (webhooks enqueue their deliveries there): points
 * that expired on the way, the entry itself, and the tier when it moved.
 */
export async function ledgerEvents(
  db: Database,
  tx: Db,
  tenantId: string,
  change: {
    memberId: string;
    expired: number;
    balanceBeforeEntry: number;
    entry: {
      id: string;
      type: keyof typeof POINTS_EVENT;
      points: number;
      amount?: string | null;
      reason?: string | null;
    };
    balance: number;
    fromTierId: string | null;
    toTierId: string | null;
  },
) {
  const { memberId, entry } = change;
  if (change.expired > 0) {
    await tenantEvent(db, tx, tenantId, {
      type: 'points.expired',
      data: { memberId, points: -change.expired, pointsBalance: change.balanceBeforeEntry },
    });
  }
  const data = {
    memberId,
    entryId: entry.id,
    points: entry.points,
    amount: entry.amount ?? null,
    pointsBalance: change.balance,
  };
  const type = POINTS_EVENT[entry.type];
  if (type === 'points.adjusted') {
    await tenantEvent(db, tx, tenantId, { type, data: { ...data, reason: entry.reason ?? null } });
  } else await tenantEvent(db, tx, tenantId, { type, data });
  if (change.fromTierId !== change.toTierId) {
    await tenantEvent(db, tx, tenantId, {
      type: 'tier.changed',
      data: { memberId, fromTierId: change.fromTierId, toTierId: change.toTierId },
    });
  }
}
