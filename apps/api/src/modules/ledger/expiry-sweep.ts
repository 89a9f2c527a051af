import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ChangeEvent, ChangeFeed } from '../../lib/changes';
import { giveWay } from '../../lib/give-way';
import type { Scope } from '../../lib/run-scope';
import type { Ledger } from './ledger';

/** Members (or lots) handled per statement and transaction: small enough that no lock is held long. */
const BATCH = 500;

const inScope = (column: ReturnType<typeof sql.raw>, only: Scope) =>
  only
    ? sql`and ${column} in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;

/**
 * Points lapse on time (docs/design.md §9): every member of every business holding a lot lapsed by `now` gets its EXPIRE
 * entry through the ledger (one transaction per member, the member's row locked), with the points.expired
 * webhook and the card's update, whether or not the member ever comes back. Two sweeps at once each find the
 * lots the other wrote off already empty: a member's points are written off once. Answers the members swept.
 */
export async function sweepLapsedPoints(db: Database, ledger: Ledger, now: Date, only?: Scope): Promise<number> {
  const seen = new Set<string>();
  let swept = 0;
  for (;;) {
    // points_lots_due_idx: lots holding points, by expiry, across businesses.
    const due = await rowsOf<{ tenant_id: string; member_id: string }>(
      db,
      sql`select distinct tenant_id, member_id from points_lots
          where remaining > 0 and expires_at <= ${now.toISOString()}::timestamptz ${inScope(sql.raw('tenant_id'), only)}
          limit ${BATCH}`,
    );
    const fresh = due.filter((d) => !seen.has(d.member_id));
    // Only members already tried are left (a write that keeps failing): the next sweep tries them again.
    if (fresh.length === 0) return swept;
    for (const { tenant_id: tenantId, member_id: memberId } of fresh) {
      seen.add(memberId);
      const { result } = await ledger.run(db, { type: 'expiry', tenantId, memberId, now });
      if (result.expired > 0) swept += 1;
      // Requests get their turn between members (PGlite's queries run in this thread, lib/give-way.ts).
      if (seen.size % 50 === 0) await giveWay();
    }
  }
}

/**
 * Warnings before points lapse: each lot holding points that lapses within its business's `expiryWarningDays`
 * of `now` is marked warned, once (the update takes only lots not yet warned, skipping those another sweep holds),
 * and its member told: a `points.expiring` change (the webhook, the card's "expiring" field) with the points of
 * the member's lots warned and the soonest expiry. Answers the members warned.
 */
export async function warnExpiringPoints(db: Database, feed: ChangeFeed, now: Date, only?: Scope): Promise<number> {
  let warned = 0;
  for (;;) {
    const told = await db.transaction(async (tx) => {
      const lots = await rowsOf<{ tenant_id: string; member_id: string; remaining: number; expires_at: string | Date }>(
        tx,
        sql`update points_lots l set warned_at = ${now.toISOString()}::timestamptz
            where l.id in (
              select d.id from points_lots d
              join points_conversion_settings s on s.tenant_id = d.tenant_id
              where d.remaining > 0 and d.warned_at is null and s.expiry_warning_days is not null
                and d.expires_at > ${now.toISOString()}::timestamptz
                and d.expires_at <= ${now.toISOString()}::timestamptz + make_interval(days => s.expiry_warning_days)
                ${inScope(sql.raw('d.tenant_id'), only)}
              limit ${BATCH}
              for update of d skip locked)
            returning l.tenant_id, l.member_id, l.remaining, l.expires_at`,
      );
      if (lots.length === 0) return 0;
      const byMember = new Map<string, { tenantId: string; points: number; expiresAt: Date }>();
      for (const lot of lots) {
        const expiresAt = new Date(lot.expires_at);
        const m = byMember.get(lot.member_id);
        if (!m) byMember.set(lot.member_id, { tenantId: lot.tenant_id, points: lot.remaining, expiresAt });
        else {
          m.points += lot.remaining;
          if (expiresAt < m.expiresAt) m.expiresAt = expiresAt;
        }
      }
      const balances = await rowsOf<{ id: string; points_balance: number }>(
        tx,
        sql`select id, points_balance from members where id in (${sql.join(
          [...byMember.keys()].map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      const balanceOf = new Map(balances.map((b) => [b.id, Number(b.points_balance)]));
      const byTenant = new Map<string, ChangeEvent[]>();
      for (const [memberId, m] of byMember) {
        const events = byTenant.get(m.tenantId) ?? [];
        events.push({
          type: 'points.expiring',
          memberId,
          points: m.points,
          expiresAt: m.expiresAt,
          balance: balanceOf.get(memberId) ?? 0,
        });
        byTenant.set(m.tenantId, events);
      }
      for (const [tenantId, events] of byTenant) await feed.publish(tx, tenantId, events);
      return byMember.size;
    });
    if (told === 0) return warned;
    warned += told;
    await giveWay();
  }
}
