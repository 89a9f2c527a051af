import type { AutomationBody, AutomationPreview, AutomationRuns } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { automationFirings, members } from '../../db/schema';
import { birthdayTargets, lapsedDue } from './daily';
import { businessDate } from './firing';
import type { AutomationRow } from './repository';

const PREVIEW_DAYS = 7;

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * How many members the automation, saved or not, would reach on each of the next seven days of the business
 * (today first). BIRTHDAY: the members whose birthday falls `days` later, not yet treated that year. WIN_BACK: the
 * members whose lapse reaches `days` on that day (today: every one lapsed and not yet treated). The kinds a write
 * fires (WELCOME, NEAR_REWARD, REFERRAL) cannot be foreseen member by member: each day shows the average of their
 * firings over the last 28 days (for an automation not saved yet, 0).
 */
export async function previewAutomation(
  db: Queries,
  tenantId: string,
  body: AutomationBody,
  saved: AutomationRow | undefined,
  now: Date,
): Promise<AutomationPreview> {
  const today = await businessDate(db, tenantId, now);
  const dates = Array.from({ length: PREVIEW_DAYS }, (_, i) => addDays(today, i));
  const automation = {
    id: saved?.id ?? '',
    tenantId,
    kind: body.kind,
    days: body.days ?? 0,
  } as AutomationRow;
  if (body.kind === 'BIRTHDAY') {
    const days: AutomationPreview['days'] = [];
    for (const date of dates) {
      const { birthdays, year } = birthdayTargets(date, automation.days ?? 0);
      const [row] = await rowsOf<{ n: number | string }>(
        db,
        sql`select count(*) as n from ${members} m where m.tenant_id = ${tenantId} and m.status = 'active'
          and m.birthday in (${sql.join(
            birthdays.map((b) => sql`${b}`),
            sql`, `,
          )})
          and not exists (select 1 from ${automationFirings} f where f.tenant_id = m.tenant_id
            and f.automation_id = ${automation.id} and f.member_id = m.id and f.occasion = ${year}::text)`,
      );
      days.push({ date, members: Number(row?.n ?? 0) });
    }
    return { days };
  }
  if (body.kind === 'WIN_BACK') {
    const days: AutomationPreview['days'] = [];
    let before = 0;
    for (let i = 0; i < dates.length; i++) {
      // Lapsed by the end of each day, less those counted on the days before.
      const until = new Date(now.getTime() + (i + 1) * 86_400_000);
      const due = (await lapsedDue(db, automation, now, until)).length;
      days.push({ date: dates[i] as string, members: due - before });
      before = due;
    }
    return { days };
  }
  if (!saved) return { days: dates.map((date) => ({ date, members: 0 })) };
  const [row] = await rowsOf<{ n: number | string }>(
    db,
    sql`select count(*) as n from ${automationFirings} where tenant_id = ${tenantId}
      and automation_id = ${saved.id} and day > ${today}::date - 28`,
  );
  const perDay = Math.round(Number(row?.n ?? 0) / 28);
  return { days: dates.map((date) => ({ date, members: perDay })) };
}

/** The automation's log by the business's day: members fired, messaged, and points given, between two dates. */
export async function automationRuns(
  db: Queries,
  tenantId: string,
  automationId: string,
  range: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<AutomationRuns> {
  const today = await businessDate(db, tenantId, now);
  const to = range.to ?? today;
  const from = range.from ?? addDays(to, -29);
  const rows = await rowsOf<{
    day: string;
    fired: number | string;
    messaged: number | string;
    points: number | string;
  }>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, count(*) as fired, count(*) filter (where messaged) as messaged,
        coalesce(sum(points) filter (where undone_at is null), 0) as points
      from ${automationFirings}
      where tenant_id = ${tenantId} and automation_id = ${automationId}
        and day between ${from}::date and ${to}::date
      group by day order by day desc`,
  );
  return {
    days: rows.map((r) => ({
      date: r.day,
      fired: Number(r.fired),
      messaged: Number(r.messaged),
      points: Number(r.points),
    })),
  };
}
