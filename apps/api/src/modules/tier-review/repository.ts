import type { TierPolicy, TierPolicyBody } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { tierPolicies } from '../../db/schema';
import type { Scope } from '../../lib/run-scope';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Saves the policy (months only for a rolling window); answers it as stored. */
export async function savePolicy(db: Queries, tenantId: string, body: TierPolicyBody): Promise<TierPolicy> {
  const values = {
    basis: body.basis,
    months: body.basis === 'ROLLING_MONTHS' ? (body.months ?? null) : null,
    downgrade: body.downgrade,
    graceDays: body.graceDays,
  };
  await db
    .insert(tierPolicies)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: tierPolicies.tenantId, set: { ...values, updatedAt: sql`now()` } });
  return { ...values, saved: true };
}

/** Whether the business has any member (a tier change with nobody to place needs no review). */
export async function hasMembers(db: Queries, tenantId: string): Promise<boolean> {
  const [row] = await rowsOf<{ any: boolean }>(
    db,
    sql`select exists (select 1 from members where tenant_id = ${tenantId}) as "any"`,
  );
  return Boolean(row?.any);
}

export type Move = { id: string; from: string | null; to: string | null };

/**
 * Moves members' tiers, each only if it still holds the tier the review saw and is not pinned (so a second
 * review racing this one, or a write in between, moves nobody twice); ends their grace period. Answers the moves
 * made.
 */
export async function applyMoves(tx: Queries, tenantId: string, moves: Move[]): Promise<Move[]> {
  if (moves.length === 0) return [];
  const rows = await rowsOf<{ id: string; from: string | null; to: string | null }>(
    tx,
    sql`update members m set tier_id = v.to, tier_grace_until = null, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(id text, "from" text, "to" text)
        where m.tenant_id = ${tenantId} and m.id = v.id and m.tier_id is not distinct from v.from
          and not m.tier_pinned
        returning m.id, v.from, v.to`,
  );
  return rows;
}

/** Starts members' grace periods (only where none runs) or ends them (`until` null). */
export async function setGrace(tx: Queries, tenantId: string, ids: string[], until: Date | null): Promise<void> {
  if (ids.length === 0) return;
  // The ids as one JSON parameter: a thousand parameters cost more to send and plan than the update itself.
  await tx.execute(
    sql`update members set tier_grace_until = ${until ? ts(until) : sql`null`}
        where tenant_id = ${tenantId} and id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)))
        ${until ? sql`and tier_grace_until is null` : sql``}`,
  );
}

/** Claims today's review for each business with a policy whose local day has none yet: answers those claimed. */
export async function claimReviews(db: Queries, now: Date, only?: Scope): Promise<string[]> {
  const rows = await rowsOf<{ tenant_id: string }>(
    db,
    sql`insert into scheduled_runs (tenant_id, kind, day)
        select p.tenant_id, 'tier-review', (${ts(now)} at time zone coalesce(t.time_zone, 'UTC'))::date
        from tier_policies p join tenants t on t.id = p.tenant_id
        where true ${
          only
            ? sql`and p.tenant_id in (${sql.join(
                only.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
        on conflict do nothing
        returning tenant_id`,
  );
  return rows.map((r) => r.tenant_id);
}

/** Records what a claimed review did. */
export async function finishReview(db: Queries, tenantId: string, day: string, upgrades: number, downgrades: number) {
  await db.execute(
    sql`update scheduled_runs set finished_at = now(), upgrades = ${upgrades}, downgrades = ${downgrades}
        where tenant_id = ${tenantId} and kind = 'tier-review' and day = ${day}::date`,
  );
}
