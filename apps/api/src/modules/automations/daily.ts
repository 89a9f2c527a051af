import { sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { automationFirings, automations, members, scheduledRuns, tenants } from '../../db/schema';
import { giveWay } from '../../lib/give-way';
import type { Scope } from '../../lib/run-scope';
import { lastVisits } from '../points';
import { type FireDeps, fire, type Occasion } from './firing';
import type { AutomationRow } from './repository';

/** Members fired per transaction: their firings, points, gifts and message commit together. */
const BATCH = 1000;
const KIND = 'automations';

type Due = { member_id: string; occasion: string };

const inScope = (only: Scope) =>
  only
    ? sql`and a.tenant_id in (${sql.join(
        only.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;

/**
 * The day's automations (BIRTHDAY and WIN_BACK run once a day, docs/design.md §10), at `now`, for each business that
 * runs one and whose local day's run has not finished: its run row is made (or found unfinished, after a crash),
 * the day's members are found, and each batch fires in its own transaction. A run stopped midway (kill -9) runs
 * again at the next tick, and the firings' unique key gives nobody a second one; several instances running it at
 * once likewise. Answers the members fired per business.
 */
export async function runDailyAutomations(
  db: Database,
  deps: FireDeps,
  now: Date,
  only?: Scope,
): Promise<Record<string, number>> {
  const at = now.toISOString();
  const due = await rowsOf<{ tenant_id: string; day: string }>(
    db,
    sql`select distinct a.tenant_id, to_char((${at}::timestamptz at time zone t.time_zone)::date, 'YYYY-MM-DD') as day
      from ${automations} a join ${tenants} t on t.id = a.tenant_id
      where a.active and a.kind in ('BIRTHDAY', 'WIN_BACK') ${inScope(only)}`,
  );
  const out: Record<string, number> = {};
  for (const { tenant_id: tenantId, day } of due) {
    await db.execute(sql`insert into ${scheduledRuns} (tenant_id, kind, day) values (${tenantId}, ${KIND}, ${day}::date)
      on conflict do nothing`);
    const [run] = await rowsOf<{ finished: boolean }>(
      db,
      sql`select finished_at is not null as finished from ${scheduledRuns}
        where tenant_id = ${tenantId} and kind = ${KIND} and day = ${day}::date`,
    );
    if (run?.finished) continue;
    const rows = await db
      .select()
      .from(automations)
      .where(sql`${automations.tenantId} = ${tenantId} and ${automations.active}
        and ${automations.kind} in ('BIRTHDAY', 'WIN_BACK')`);
    let fired = 0;
    for (const automation of rows) {
      const list =
        automation.kind === 'BIRTHDAY' ? await birthdaysDue(db, automation, day) : await lapsedDue(db, automation, now);
      fired += await fireInBatches(db, deps, automation, day, list, now);
    }
    await db.execute(sql`update ${scheduledRuns} set finished_at = now()
      where tenant_id = ${tenantId} and kind = ${KIND} and day = ${day}::date`);
    out[tenantId] = fired;
  }
  return out;
}

async function fireInBatches(
  db: Database,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  list: Due[],
  now: Date,
): Promise<number> {
  let fired = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const occasions: Occasion[] = list
      .slice(i, i + BATCH)
      .map((d) => ({ memberId: d.member_id, occasion: d.occasion }));
    const made = await db.transaction((tx) =>
      fire(tx, deps, automation, day, occasions, { now, points: automation.bonusPoints ?? 0, audience: 'day' }),
    );
    fired += made.length;
    // On PGlite the queries run in this thread: between batches the requests that wait go first.
    await giveWay();
  }
  return fired;
}

/**
 * The month-days whose birthday is `days` after `day`: that date's, and 29 February's on 28 February of a year
 * without one. The occasion is the birthday's year, so a member is treated once per year whatever the days.
 */
export function birthdayTargets(day: string, days: number): { birthdays: string[]; year: string } {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  const year = d.getUTCFullYear();
  const md = `--${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return { birthdays: md === '--02-28' && !leap ? [md, '--02-29'] : [md], year: String(year) };
}

/** Active members whose birthday is the day's target and who were not treated that year. */
async function birthdaysDue(db: Queries, automation: AutomationRow, day: string): Promise<Due[]> {
  const { birthdays, year } = birthdayTargets(day, automation.days ?? 0);
  return rowsOf<Due>(
    db,
    sql`select m.id as member_id, ${year}::text as occasion from ${members} m
      where m.tenant_id = ${automation.tenantId} and m.status = 'active'
        and m.birthday in (${sql.join(
          birthdays.map((b) => sql`${b}`),
          sql`, `,
        )})
        and not exists (select 1 from ${automationFirings} f where f.tenant_id = m.tenant_id
          and f.automation_id = ${automation.id} and f.member_id = m.id and f.occasion = ${year}::text)
      order by m.id`,
  );
}

/**
 * Active members without a visit for `days` days (docs/design.md §10: a purchase, redemption or stamp entry not
 * reversed, as the points core's lastVisits reads it; one who never visited counts from joining) whose lapse was
 * not treated: the occasion is the last visit, so a member is treated again only after a new visit and a new lapse.
 */
export async function lapsedDue(db: Queries, automation: AutomationRow, now: Date, until?: Date): Promise<Due[]> {
  const cutoff = new Date((until ?? now).getTime() - (automation.days ?? 0) * 86_400_000).toISOString();
  return rowsOf<Due>(
    db,
    sql`select d.member_id, d.occasion from (
        select m.id as member_id,
          coalesce('visit:' || (extract(epoch from v.at) * 1000000)::bigint::text, 'joined') as occasion
        from ${members} m left join ${lastVisits(automation.tenantId)} v on v.member_id = m.id
        where m.tenant_id = ${automation.tenantId} and m.status = 'active'
          and coalesce(v.at, m.created_at) < ${cutoff}::timestamptz
      ) d
      where not exists (select 1 from ${automationFirings} f where f.tenant_id = ${automation.tenantId}
        and f.automation_id = ${automation.id} and f.member_id = d.member_id and f.occasion = d.occasion)
      order by d.member_id`,
  );
}
