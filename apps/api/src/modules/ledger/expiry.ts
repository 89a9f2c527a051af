import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import type { ExpiryCommand } from './commands';
import { lockMember, openLots, writeOffExpired } from './steps';

/**
 * Writes off the member's lots lapsed by `now` with no other write (the scheduled sweep, expiry-sweep.ts): the
 * EXPIRE entry a write would have made first, the balance, and a `points.lapsed` change (the points.expired
 * webhook, the cards). Run again, or after a write that already wrote them off, it finds nothing and tells nothing.
 */
export async function applyExpiry(
  tx: Queries,
  feed: ChangeFeed,
  command: ExpiryCommand,
): Promise<{ result: { expired: number }; events: EntryRecorded[] }> {
  const { tenantId, memberId, now } = command;
  const member = await lockMember(tx, tenantId, memberId);
  const lots = await openLots(tx, tenantId, memberId, now);
  const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
  if (expired === 0) return { result: { expired: 0 }, events: [] };
  const balance = member.balance - expired;
  await tx
    .update(members)
    .set({ pointsBalance: balance, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  await feed.publish(tx, tenantId, [{ type: 'points.lapsed', memberId, points: expired, balance }]);
  return { result: { expired }, events: [] };
}
