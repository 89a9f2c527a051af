import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members, pointsLedger, pointsLots } from '../../db/schema';
import type { ChangeEvent, ChangeFeed, EntryRecorded } from '../../lib/changes';
import { expiryFor, loadRates, takeFromLots } from '../points';
import type { ImportCommand } from './commands';
import { lockMember, openLots, writeOffExpired } from './steps';

type Written = { id: string; memberId: string; points: number; expired: number; balance: number };

/**
 * A CSV import batch's opening balances. Points to add are one statement per kind of write for the whole batch
 * (100,000 rows fit in a minute); points to take are rare (an existing member), so one member at a time,
 * spending lots as a negative adjustment does: when the member already spent them, that member's entry is not
 * written and the answer names it. The members' figures after the batch are read back from the balance updates.
 */
export async function applyImport(
  tx: Queries,
  feed: ChangeFeed,
  command: ImportCommand,
): Promise<{ result: { spentAlready: string[] }; events: EntryRecorded[] }> {
  const { tenantId, now } = command;
  // A code, rendered in each reader's language (docs/design.md §10).
  const reasonCode = 'IMPORT_OPENING_BALANCE' as const;
  const written: Written[] = [];
  const spentAlready: string[] = [];
  const gains = command.entries.filter((e) => e.points > 0);
  if (gains.length) {
    const rates = await loadRates(tx, tenantId);
    const expiresAt = expiryFor(rates, now);
    const entries = gains.map((e) => ({
      id: randomUUID(),
      tenantId,
      memberId: e.memberId,
      type: 'IMPORT' as const,
      points: e.points,
      reasonCode,
      idempotencyKey: e.key,
      accountId: command.accountId,
      createdAt: now,
    }));
    await tx.insert(pointsLedger).values(entries);
    await tx.insert(pointsLots).values(
      entries.map((e) => ({
        id: randomUUID(),
        tenantId,
        memberId: e.memberId,
        ledgerId: e.id,
        points: e.points,
        remaining: e.points,
        expiresAt,
        createdAt: now,
      })),
    );
    const added = gains.map((e) => ({ id: e.memberId, points: e.points }));
    const balances = (await tx.execute(sql`update ${members} as m set points_balance = m.points_balance + v.points
      from jsonb_to_recordset(${JSON.stringify(added)}::jsonb) as v(id text, points int)
      where m.tenant_id = ${tenantId} and m.id = v.id
      returning m.id, m.points_balance`)) as unknown as { rows?: Balance[] } | Balance[];
    const after = new Map(rowsOf(balances).map((r) => [r.id, Number(r.points_balance)]));
    for (const e of entries) {
      written.push({
        id: e.id,
        memberId: e.memberId,
        points: e.points,
        expired: 0,
        balance: after.get(e.memberId) ?? 0,
      });
    }
  }
  for (const e of command.entries.filter((x) => x.points < 0)) {
    const member = await lockMember(tx, tenantId, e.memberId);
    const lots = await openLots(tx, tenantId, e.memberId);
    const expired = await writeOffExpired(tx, tenantId, e.memberId, lots, now);
    const takes = takeFromLots(lots, -e.points, now);
    if (!takes) {
      spentAlready.push(e.memberId);
      continue;
    }
    const entryId = randomUUID();
    await tx.insert(pointsLedger).values({
      id: entryId,
      tenantId,
      memberId: e.memberId,
      type: 'IMPORT',
      points: e.points,
      reasonCode,
      idempotencyKey: e.key,
      accountId: command.accountId,
      lotTakes: takes.map((t) => ({ lotId: t.id, points: t.points })),
      createdAt: now,
    });
    for (const take of takes) {
      await tx
        .update(pointsLots)
        .set({ remaining: sql`${pointsLots.remaining} - ${take.points}` })
        .where(and(eq(pointsLots.tenantId, tenantId), eq(pointsLots.id, take.id)));
    }
    const balance = member.balance - expired + e.points;
    await tx
      .update(members)
      .set({ pointsBalance: balance })
      .where(and(eq(members.tenantId, tenantId), eq(members.id, e.memberId)));
    written.push({ id: entryId, memberId: e.memberId, points: e.points, expired, balance });
  }

  // Lifetime spend and tier are the import's member writes, told by its member events (`alongside`): the
  // entries' figures carry only the points.
  const events: EntryRecorded[] = written.map((w) => {
    const figures = { lifetimeSpend: 0, tierId: null };
    return {
      type: 'entry.recorded',
      memberId: w.memberId,
      entry: { id: w.id, type: 'IMPORT', points: w.points, amount: null, reason: null, reasonCode, reversesId: null },
      expired: w.expired,
      balanceBeforeEntry: w.balance - w.points,
      before: { ...figures, balance: w.balance - w.points + w.expired },
      after: { ...figures, balance: w.balance },
      expiresAt: null,
      recordedBy: null,
    };
  });
  const alongside: ChangeEvent[] = command.alongside ? await command.alongside(tx) : [];
  await feed.publish(tx, tenantId, [...alongside, ...events]);
  return { result: { spentAlready }, events };
}

type Balance = { id: string; points_balance: number | string };

/** The rows of `execute`: postgres.js answers an array, PGlite an object with `rows`. */
const rowsOf = (result: { rows?: Balance[] } | Balance[]): Balance[] =>
  Array.isArray(result) ? result : (result.rows ?? []);
