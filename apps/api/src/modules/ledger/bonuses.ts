import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { members, pointsLedger, pointsLots } from '../../db/schema';
import type { ChangeFeed, EntryRecorded } from '../../lib/changes';
import { expiryFor, loadRates } from '../points';
import type { BonusesCommand } from './commands';

/**
 * Bonus points for many members at once (an automation's day, docs/design.md §10): one BONUS entry and its lot per
 * member, each kind of write one statement for the batch, as an import's opening balances are, so a day's run over
 * 100,000 members stays within a minute. Points are only added: nothing is spent or written off.
 */
export async function applyBonuses(
  tx: Queries,
  feed: ChangeFeed,
  command: BonusesCommand,
): Promise<{ result: { entryIds: Map<string, string> }; events: EntryRecorded[] }> {
  const { tenantId, now, reasonCode } = command;
  const gains = command.entries.filter((e) => e.points > 0);
  const entryIds = new Map<string, string>();
  if (gains.length === 0) return { result: { entryIds }, events: [] };
  const rates = await loadRates(tx, tenantId);
  const expiresAt = expiryFor(rates, now);
  const entries = gains.map((e) => ({
    id: randomUUID(),
    tenantId,
    memberId: e.memberId,
    type: 'BONUS' as const,
    points: e.points,
    reasonCode,
    createdAt: now,
  }));
  // The entries, their lots and the balances in one statement: the batch's rows travel as one JSON value
  // (one parameter, not a statement of thousands), and the statement makes no round trip per kind of write.
  const rows = entries.map((e) => ({ id: e.id, lot_id: randomUUID(), member_id: e.memberId, points: e.points }));
  const at = now.toISOString();
  const balances = await rowsOf<{ id: string; points_balance: number | string; tier_id: string | null }>(
    tx,
    sql`with v as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(id text, lot_id text, member_id text, points int)
      ), entries as (
        insert into ${pointsLedger} (id, tenant_id, member_id, type, points, reason_code, created_at)
        select v.id, ${tenantId}, v.member_id, 'BONUS', v.points, ${reasonCode}, ${at}::timestamptz from v
      ), lots as (
        insert into ${pointsLots} (id, tenant_id, member_id, ledger_id, points, remaining, expires_at, created_at)
        select v.lot_id, ${tenantId}, v.member_id, v.id, v.points, v.points, ${expiresAt?.toISOString() ?? null}::timestamptz,
          ${at}::timestamptz
        from v
      )
      update ${members} as m set points_balance = m.points_balance + v.points, updated_at = now()
      from v where m.tenant_id = ${tenantId} and m.id = v.member_id
      returning m.id, m.points_balance, m.tier_id`,
  );
  const after = new Map(balances.map((r) => [r.id, { balance: Number(r.points_balance), tierId: r.tier_id }]));
  const events: EntryRecorded[] = [];
  for (const e of entries) {
    const member = after.get(e.memberId);
    // A member erased meanwhile has no row to add to: its entry stays, as an erased member's entries do.
    if (!member) continue;
    entryIds.set(e.memberId, e.id);
    const figures = { lifetimeSpend: 0, tierId: member.tierId };
    events.push({
      type: 'entry.recorded',
      memberId: e.memberId,
      entry: { id: e.id, type: 'BONUS', points: e.points, amount: null, reason: null, reasonCode, reversesId: null },
      expired: 0,
      balanceBeforeEntry: member.balance - e.points,
      before: { ...figures, balance: member.balance - e.points },
      after: { ...figures, balance: member.balance },
      expiresAt,
      recordedBy: null,
    });
  }
  await feed.publish(tx, tenantId, events);
  return { result: { entryIds }, events };
}
