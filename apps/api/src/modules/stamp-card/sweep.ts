import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { ChangeFeed } from '../../lib/changes';
import { giveWay } from '../../lib/give-way';
import type { Scope } from '../../lib/run-scope';
import { lapseStamps } from './writer';

const BATCH = 500;

/**
 * Stamps lapse on time (docs/design.md §10, with the §9 sweep): each member whose current card passed its first
 * stamp + `expiryDays` gets an EXPIRE stamp entry (one transaction per member, its row locked), whether or not they
 * come back. Answers the members swept.
 */
export async function sweepLapsedStamps(db: Database, feed: ChangeFeed, now: Date, only?: Scope): Promise<number> {
  const seen = new Set<string>();
  let swept = 0;
  const scope = only
    ? sql`and m.tenant_id in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  for (;;) {
    const due = await rowsOf<{ tenant_id: string; id: string }>(
      db,
      sql`select m.tenant_id, m.id from members m
          join stamp_card_settings s on s.tenant_id = m.tenant_id
          where s.expiry_days is not null and m.stamps > 0 and m.stamp_card_started_at is not null
            and m.stamp_card_started_at + make_interval(days => s.expiry_days) <= ${now.toISOString()}::timestamptz
            ${scope}
          limit ${BATCH}`,
    );
    const fresh = due.filter((d) => !seen.has(d.id));
    if (fresh.length === 0) return swept;
    for (const { tenant_id: tenantId, id: memberId } of fresh) {
      seen.add(memberId);
      const taken = await db.transaction((tx) => lapseStamps(tx, feed, tenantId, memberId, now));
      if (taken > 0) swept += 1;
      if (seen.size % 50 === 0) await giveWay();
    }
  }
}
