import { sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  googleWalletNotices,
  members,
  messages,
  messageTargets,
  tenants,
  walletPasses,
  walletRegistrations,
} from '../../db/schema';

type MessageRow = typeof messages.$inferSelect;

/** What the app's own expiry notices are marked with among messages (the business's list leaves them out). */
export const EXPIRY_NOTICE_ORIGIN = 'points.expiring';

/** A target of a batch: the text in the member's language, whether consent still stands, the devices to push. */
export type Target = { memberId: string; text: string; consent: boolean; pushTokens: string[] | null };

/**
 * Claims the next batch of a message's targets not done after `after` (member order, the primary key's) and, in
 * the same statement, moves their Apple passes to show the message: each pass once (a batch claimed again after
 * a crash finds its passes moved already), its last-update time at least a second on, as every pass change does,
 * counted in the message's log. One statement, so one round trip and atomic: the batch's database work used to
 * take eight statements, five of them with an IN list of the batch's members (docs/design.md §9).
 *
 * The batch is taken along the primary key before anything is joined, so it reads `limit` targets whatever
 * the planner thinks of the members; that walk wants statistics that know the message (see `analyzeTargets`).
 *
 * Each target comes with the push tokens of its devices when its pass shows the message (moved now, or by an
 * earlier run of the batch: the snapshot the statement reads is from before its own update), else null. A member
 * who withdrew consent since the message was sent, or was deleted, is claimed but not reached.
 */
/**
 * Whether the Apple pass shows the message as its "Latest news" (and its devices are pushed). Not the expiry
 * notice: the pass's own "expiring" field already tells it on the lock screen (its changeMessage, pushed with
 * the warning's pass update), so an iPhone would tell it twice; Google, which has no such notice, gets the message.
 */
const appleShowsIt = (message: MessageRow) => (message.origin === EXPIRY_NOTICE_ORIGIN ? sql`false` : sql`true`);

export async function claimBatch(db: Queries, message: MessageRow, after: string, limit: number) {
  const { id, tenantId } = message;
  return rowsOf<Target>(
    db,
    sql`with batch as materialized (
      select t.member_id, coalesce(m.marketing_opt_in, false) as consent,
        case coalesce(m.language, tn.language)
          when 'zh-Hant' then coalesce(${message.textZh}::text, ${message.text}::text)
          when 'zh-Hans' then coalesce(${message.textCn}::text, ${message.text}::text)
          else ${message.text}::text end as text
      from (select member_id from ${messageTargets}
        where message_id = ${id} and member_id > ${after} and not done
        order by member_id limit ${limit}) t
      left join ${members} m on m.tenant_id = ${tenantId} and m.id = t.member_id
      left join ${tenants} tn on tn.id = ${tenantId}
    ), moved as (
      update ${walletPasses} p
      set news_message_id = ${id},
        updated_at = greatest(date_trunc('second', now()), p.updated_at + interval '1 second')
      from batch b
      where b.consent and p.tenant_id = ${tenantId} and p.member_id = b.member_id
        and p.voided_at is null and p.news_message_id is distinct from ${id}
        and ${appleShowsIt(message)}
      returning p.member_id
    ), counted as (
      update ${messages} set passes_updated = passes_updated + (select count(*)::int from moved)
      where id = ${id}
      returning 1
    ), showing as (
      select member_id from moved
      union
      select p.member_id from ${walletPasses} p join batch b on b.member_id = p.member_id
      where b.consent and p.tenant_id = ${tenantId} and p.news_message_id = ${id} and ${appleShowsIt(message)}
    )
    select b.member_id as "memberId", b.text, b.consent,
      case when s.member_id is null then null else array(
        select r.push_token from ${walletRegistrations} r
        where r.tenant_id = ${tenantId} and r.member_id = b.member_id) end as "pushTokens"
    from batch b left join showing s on s.member_id = b.member_id
    order by b.member_id`,
  );
}

export type Tally = { applePushes: number; googleNotified: number; googleQuiet: number; failed: number };

/**
 * A batch done, in one statement: its targets marked (the range it was claimed from: no other target of the
 * message is pending there), the Google notices it gave recorded, its counts added to the log and the run's
 * lease renewed.
 */
export async function finishBatch(
  db: Queries,
  message: MessageRow,
  range: { after: string; last: string },
  notified: string[],
  tally: Tally,
  lease: { by: string; seconds: number },
) {
  await db.execute(sql`with done as (
      update ${messageTargets} set done = true
      where message_id = ${message.id} and member_id > ${range.after} and member_id <= ${range.last} and not done
      returning 1
    ), notices as (
      insert into ${googleWalletNotices} (tenant_id, member_id)
      select ${message.tenantId}, value from jsonb_array_elements_text(${JSON.stringify(notified)}::jsonb)
      returning 1
    )
    update ${messages} set
      apple_pushes = apple_pushes + ${tally.applePushes}::int,
      google_notified = google_notified + ${tally.googleNotified}::int,
      google_quiet = google_quiet + ${tally.googleQuiet}::int,
      failed = failed + ${tally.failed}::int,
      lease_until = case when lease_by = ${lease.by} then now() + make_interval(secs => ${lease.seconds}) else lease_until end
    where id = ${message.id}`);
}

/**
 * Brings the planner's statistics of the targets up to date once a large message's targets are in. Until
 * autovacuum gets to them (a minute or more), the planner believes the message has a few hundred targets and
 * takes each batch by sorting every pending one (a second a batch at 100,000, measured) instead of walking the
 * primary key for `limit` of them. ANALYZE samples a fixed 30,000 rows, so it costs the same whatever the table.
 */
export async function analyzeTargets(db: Queries) {
  await db.execute(sql`analyze ${messageTargets}`);
}
