import { randomInt, randomUUID } from 'node:crypto';
import { type AutomationKind, CLAIM_CODE_ALPHABET, type ReasonCode } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { inJson, rowsOf } from '../../db/rows';
import { automationFirings, members, rewardRedemptions, rewards } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { ChangeFeed } from '../../lib/changes';
import type { Ledger } from '../ledger';
import { enqueueMessage, reachable, type SendJob } from '../messages';
import type { AutomationRow } from './repository';

/** What firing needs: the ledger (points), the queue and the messages' send job, the change feed (webhooks). */
export type FireDeps = { ledger: Ledger; jobs: JobQueue; send: SendJob; feed: ChangeFeed };

/** The code each kind's BONUS entries carry, read in the reader's language (docs/design.md §10). */
export const REASON_OF: Record<AutomationKind, ReasonCode> = {
  WELCOME: 'WELCOME_POINTS',
  BIRTHDAY: 'AUTOMATION_BIRTHDAY',
  WIN_BACK: 'AUTOMATION_WIN_BACK',
  NEAR_REWARD: 'AUTOMATION_NEAR_REWARD',
  REFERRAL: 'REFERRAL',
};

/** One member's occasion: the unique key's last part (see automation_firings), and what caused it. */
export type Occasion = { memberId: string; occasion: string; causeEntryId?: string | null };

/**
 * Fires `automation` for these members in `tx`, the transaction that decides it: each (member, occasion) inserted
 * once whatever the retries or restarts (the unique key; a second insert does nothing), and for those inserted now,
 * in the same transaction, the bonus points as BONUS entries, the gift as a redemption ISSUED with no points entry
 * (`source` GIFT), one message to those who gave marketing consent (a message of docs/design.md §9, so quiet hours,
 * Google's three a day and the log are the messages module's), and `automation.fired` for webhooks. A kill -9
 * before the commit leaves nothing, after it everything: nobody gets a second one. Answers the members fired.
 */
export async function fire(
  tx: Queries,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  occasions: Occasion[],
  options: { now: Date; points: number; audience: 'member' | 'day' },
): Promise<string[]> {
  if (occasions.length === 0) return [];
  const { tenantId } = automation;
  // One statement whatever the batch's size: its occasions travel as one JSON value (a multi-row VALUES of
  // thousands of parameters cost more to build, send and parse than the inserts themselves).
  const rows = occasions.map((o) => ({ member_id: o.memberId, occasion: o.occasion, cause: o.causeEntryId ?? null }));
  const inserted = await rowsOf<{ id: string; member_id: string }>(
    tx,
    sql`insert into ${automationFirings} (id, tenant_id, automation_id, kind, member_id, occasion, day, cause_entry_id)
      select gen_random_uuid()::text, ${tenantId}, ${automation.id}, ${automation.kind}, v.member_id, v.occasion,
        ${day}::date, v.cause
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(member_id text, occasion text, cause text)
      on conflict do nothing
      returning id, member_id`,
  );
  if (inserted.length === 0) return [];
  const firingOf = new Map(inserted.map((r) => [r.member_id, r.id]));
  const fired = inserted.map((r) => r.member_id);

  let entryIds = new Map<string, string>();
  if (options.points > 0) {
    const { result } = await deps.ledger.apply(tx, {
      type: 'bonuses',
      tenantId,
      now: options.now,
      reasonCode: REASON_OF[automation.kind],
      entries: fired.map((memberId) => ({ memberId, points: options.points })),
    });
    entryIds = result.entryIds;
  }
  const redemptionIds = automation.rewardId ? await giveGifts(tx, tenantId, automation.rewardId, fired) : new Map();
  const messaged = automation.text ? await speak(tx, deps, automation, day, fired, options) : new Set<string>();

  const updates = fired.map((memberId) => ({
    id: firingOf.get(memberId),
    points: entryIds.has(memberId) ? options.points : 0,
    entry_id: entryIds.get(memberId) ?? null,
    redemption_id: redemptionIds.get(memberId) ?? null,
    messaged: messaged.has(memberId),
  }));
  await tx.execute(sql`update ${automationFirings} as f set points = v.points, entry_id = v.entry_id,
      redemption_id = v.redemption_id, messaged = v.messaged
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
      as v(id text, points int, entry_id text, redemption_id text, messaged boolean)
    where f.tenant_id = ${tenantId} and f.id = v.id`);
  await deps.feed.publish(
    tx,
    tenantId,
    updates.map((u, i) => ({
      type: 'automation.fired' as const,
      data: {
        automationId: automation.id,
        kind: automation.kind,
        memberId: fired[i] as string,
        points: u.points,
        entryId: u.entry_id,
        redemptionId: u.redemption_id,
        messaged: u.messaged,
      },
    })),
  );
  return fired;
}

/** A redemption code as the rewards module makes them: 8 characters without look-alikes. */
const redemptionCode = () =>
  Array.from({ length: 8 }, () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)]).join('');

/** The gift: a redemption of the reward ISSUED to each member, no points spent (its stock and rules do not apply). */
async function giveGifts(tx: Queries, tenantId: string, rewardId: string, memberIds: string[]) {
  const [reward] = await tx
    .select({ name: rewards.name })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, rewardId)));
  const out = new Map<string, string>();
  if (!reward) return out;
  const values = memberIds.map((memberId) => ({
    id: randomUUID(),
    tenantId,
    rewardId,
    rewardName: reward.name,
    memberId,
    ledgerId: null,
    source: 'GIFT' as const,
    pointsCost: 0,
    state: 'ISSUED' as const,
    code: redemptionCode(),
  }));
  await tx.insert(rewardRedemptions).values(values);
  for (const v of values) out.set(v.memberId, v.id);
  return out;
}

/**
 * The automation's message to the fired members who gave marketing consent (none without it): one message per
 * firing, or one for a day's batch with those members as its audience. Its delivery job holds it through quiet hours.
 */
async function speak(
  tx: Queries,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  memberIds: string[],
  options: { now: Date; audience: 'member' | 'day' },
): Promise<Set<string>> {
  const consenting = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, automation.tenantId), inJson(members.id, memberIds), reachable));
  if (consenting.length === 0) return new Set();
  const ids = consenting.map((c) => c.id);
  const single = options.audience === 'member' && ids.length === 1;
  await enqueueMessage(tx, deps.jobs, deps.send, {
    tenantId: automation.tenantId,
    text: automation.text as string,
    textZh: automation.textZh,
    textCn: automation.textCn,
    audience: single ? { memberId: ids[0] as string } : { automationId: automation.id, day },
    filter: null,
    memberIds: ids,
    automationId: automation.id,
    sendAt: new Date(),
  });
  return new Set(ids);
}

/** The business's local date at `now` (its time zone), as YYYY-MM-DD. */
export async function businessDate(db: Queries, tenantId: string, now: Date): Promise<string> {
  const [row] = await rowsOf<{ day: string }>(
    db,
    sql`select to_char((${now.toISOString()}::timestamptz at time zone coalesce(
        (select time_zone from tenants where id = ${tenantId}), 'UTC'))::date, 'YYYY-MM-DD') as day`,
  );
  return (row as { day: string }).day;
}
