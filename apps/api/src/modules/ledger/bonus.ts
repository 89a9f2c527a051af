import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { expiryFor, loadRates } from '../points';
import type { BonusCommand } from './commands';
import { dbNow } from './steps';
import { insertEntry, insertLot } from './writes';

/**
 * Welcome points for a member just made: one BONUS entry and its lot (expiring as the tenant's points do), and
 * the balance. The member has spent nothing and holds no lots yet, so nothing is locked or written off.
 */
export async function applyBonus(
  tx: Queries,
  feed: ChangeFeed,
  command: BonusCommand,
): Promise<{ result: { entryId: string }; events: EntryRecorded[] }> {
  const { tenantId, member, points, reasonCode } = command;
  const memberId = member.id;
  const [now, rates] = await Promise.all([dbNow(tx), loadRates(tx, tenantId)]);
  const entryId = randomUUID();
  const expiresAt = expiryFor(rates, now);
  const figures = { lifetimeSpend: 0, tierId: member.tierId };
  const event: EntryRecorded = {
    type: 'entry.recorded',
    memberId,
    entry: { id: entryId, type: 'BONUS', points, amount: null, reason: null, reasonCode, reversesId: null },
    expired: 0,
    balanceBeforeEntry: member.pointsBalance,
    before: { ...figures, balance: member.pointsBalance },
    after: { ...figures, balance: member.pointsBalance + points },
    expiresAt,
    recordedBy: null,
  };
  await insertEntry(tx, {
    id: entryId,
    tenantId,
    memberId,
    accountId: null,
    type: 'BONUS',
    points,
    reasonCode,
    idempotencyKey: null,
    idempotencyBodyHash: null,
    lotTakes: null,
    createdAt: now,
  });
  await insertLot(tx, { id: randomUUID(), tenantId, memberId, ledgerId: entryId, points, expiresAt, createdAt: now });
  await tx
    .update(members)
    .set({ pointsBalance: sql`${members.pointsBalance} + ${points}`, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  await feed.publish(tx, tenantId, [event]);
  return { result: { entryId }, events: [event] };
}
