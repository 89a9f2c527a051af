import { AUTOMATION_LIMITS } from '@loyalty/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { automationBands, automationFirings, members, pointsLedger, rewards } from '../../db/schema';
import type { Listener } from '../../lib/changes';
import { AppError } from '../../lib/errors';
import { spendableColumn } from '../members';
import { businessDate, type FireDeps, fire } from './firing';
import { type AutomationRow, automationsOf, findAutomationOfKind } from './repository';

/** What a write asks of the automations, done by a job within seconds of it (docs/design.md §10). */
export type AutomationEvent =
  | { kind: 'WELCOME'; tenantId: string; memberId: string }
  /** The member entered a reward's band (`bandId`, recorded by the write); absent in jobs queued before bands moved. */
  | { kind: 'NEAR_REWARD'; tenantId: string; memberId: string; bandId?: string }
  | { kind: 'REFERRAL'; tenantId: string; memberId: string; entryId: string }
  /** A purchase was reversed: the referral bonuses that named it are reversed too. */
  | { kind: 'UNDO'; tenantId: string; entryId: string };

/**
 * Hears each member and points write in its transaction and enqueues, with it, the job of each automation the
 * write may fire: WELCOME for a member who joined or was added by staff (never an import's), NEAR_REWARD for a
 * change of points, REFERRAL for a purchase, UNDO for a reversed purchase. One read of the business's automations
 * per change, and nothing when it runs none.
 */
export function automationsListener(enqueue: (tx: Queries, events: AutomationEvent[]) => Promise<void>): Listener {
  return async (tx, tenantId, events) => {
    const relevant = events.some(
      (e) => (e.type === 'member.created' && e.origin) || (e.type === 'entry.recorded' && e.entry.type !== 'EXPIRE'),
    );
    if (!relevant) return;
    const kinds = await automationsOf(tx, tenantId);
    if (kinds.length === 0) return;
    const on = new Set(kinds.filter((k) => k.active).map((k) => k.kind));
    const hasReferral = kinds.some((k) => k.kind === 'REFERRAL');
    const out: AutomationEvent[] = [];
    const near = new Set<string>();
    for (const e of events) {
      if (e.type === 'member.created' && e.origin && on.has('WELCOME'))
        out.push({ kind: 'WELCOME', tenantId, memberId: e.member.id });
      if (e.type !== 'entry.recorded') continue;
      if (on.has('NEAR_REWARD') && e.before.balance !== e.after.balance) near.add(e.memberId);
      if (e.entry.type === 'PURCHASE' && on.has('REFERRAL'))
        out.push({ kind: 'REFERRAL', tenantId, memberId: e.memberId, entryId: e.entry.id });
      if (e.entry.type === 'REVERSAL' && e.entry.reversesId && hasReferral)
        out.push({ kind: 'UNDO', tenantId, entryId: e.entry.reversesId });
    }
    // The bands move in the write's transaction, under its member lock: each write is judged on the balance it left,
    // in the order the writes happened (a job reading the balance later could miss a band left and entered again).
    if (near.size > 0) {
      const automation = await findAutomationOfKind(tx, tenantId, 'NEAR_REWARD');
      for (const memberId of near) {
        const bandId = automation ? await moveBands(tx, automation, memberId, new Date()) : undefined;
        if (bandId) out.push({ kind: 'NEAR_REWARD', tenantId, memberId, bandId });
      }
    }
    if (out.length) await enqueue(tx, out);
  };
}

/** Runs one event's automation in a transaction of its own: a retry after a crash finds what was done and adds nothing. */
export async function handleAutomationEvent(db: Database, deps: FireDeps, event: AutomationEvent, now = new Date()) {
  if (event.kind === 'UNDO') return undoReferral(db, deps, event.tenantId, event.entryId);
  const automation = await findAutomationOfKind(db, event.tenantId, event.kind);
  if (!automation?.active) return;
  await db.transaction(async (tx) => {
    // The member's row locked, as every points write does: two jobs for one member decide one after the other.
    const [member] = await tx
      .select({
        id: members.id,
        tierId: members.tierId,
        referredBy: members.referredBy,
        spendable: spendableColumn,
      })
      .from(members)
      .where(and(eq(members.tenantId, event.tenantId), eq(members.id, event.memberId)))
      .for('update');
    if (!member) return;
    const day = await businessDate(tx, event.tenantId, now);
    if (event.kind === 'WELCOME') await welcome(tx, deps, automation, day, member.id, now);
    else if (event.kind === 'NEAR_REWARD') {
      const bandId = event.bandId ?? (await moveBands(tx, automation, member.id, now));
      if (bandId) await nearReward(tx, deps, automation, day, member.id, bandId, now);
    } else await referral(tx, deps, automation, day, { ...member, entryId: event.entryId }, now);
  });
}

/** The welcome, once: its points unless the join page paid them already (the join pays them in its transaction). */
async function welcome(
  tx: Queries,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  memberId: string,
  now: Date,
) {
  const [paid] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.tenantId, automation.tenantId),
        eq(pointsLedger.memberId, memberId),
        eq(pointsLedger.type, 'BONUS'),
        eq(pointsLedger.reasonCode, 'WELCOME_POINTS'),
      ),
    )
    .limit(1);
  const [enrolment] = await rowsOf<{ welcome_points: number }>(
    tx,
    sql`select welcome_points from enrolment_settings where tenant_id = ${automation.tenantId}`,
  );
  const points = paid ? 0 : (enrolment?.welcome_points ?? automation.bonusPoints ?? 0);
  await fire(tx, deps, automation, day, [{ memberId, occasion: 'joined' }], { now, points, audience: 'member' });
}

/**
 * NEAR_REWARD's bands: the rewards the member may have now (offered, their tier, in stock) whose cost is above the
 * spendable balance by at most `pointsAway`. Entering a reward's band records it; leaving it removes the band, so the
 * member is told again only after leaving it and coming back. Answers the band entered (the cheapest, once for the
 * write however many it entered), if any.
 */
async function moveBands(
  tx: Queries,
  automation: AutomationRow,
  memberId: string,
  now: Date,
): Promise<string | undefined> {
  const [member] = await tx
    .select({ id: members.id, tierId: members.tierId, spendable: spendableColumn })
    .from(members)
    .where(and(eq(members.tenantId, automation.tenantId), eq(members.id, memberId)));
  if (!member) return undefined;
  const away = automation.pointsAway ?? 0;
  const offered = await tx
    .select({ id: rewards.id, cost: rewards.pointsCost, tierIds: rewards.tierIds })
    .from(rewards)
    .where(
      and(
        eq(rewards.tenantId, automation.tenantId),
        eq(rewards.active, true),
        sql`(${rewards.validFrom} is null or ${rewards.validFrom} <= ${now.toISOString()}::timestamptz)`,
        sql`(${rewards.validTo} is null or ${rewards.validTo} > ${now.toISOString()}::timestamptz)`,
        sql`(${rewards.stock} is null or ${rewards.stock} > 0)`,
      ),
    );
  const inBand = offered.filter(
    (r) =>
      (r.tierIds.length === 0 || (member.tierId !== null && r.tierIds.includes(member.tierId))) &&
      member.spendable < r.cost &&
      member.spendable >= r.cost - away,
  );
  const bands = await tx
    .select({ rewardId: automationBands.rewardId })
    .from(automationBands)
    .where(and(eq(automationBands.tenantId, automation.tenantId), eq(automationBands.memberId, member.id)));
  const keep = new Set(inBand.map((r) => r.id));
  const left = bands.filter((b) => !keep.has(b.rewardId)).map((b) => b.rewardId);
  if (left.length > 0)
    await tx
      .delete(automationBands)
      .where(
        and(
          eq(automationBands.tenantId, automation.tenantId),
          eq(automationBands.memberId, member.id),
          inArray(automationBands.rewardId, left),
        ),
      );
  const had = new Set(bands.map((b) => b.rewardId));
  const entered = inBand.filter((r) => !had.has(r.id)).sort((a, b) => a.cost - b.cost);
  if (entered.length === 0) return undefined;
  const made = await tx
    .insert(automationBands)
    .values(
      entered.map((r) => ({
        tenantId: automation.tenantId,
        memberId: member.id,
        rewardId: r.id,
        id: crypto.randomUUID(),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: automationBands.id });
  return made[0]?.id;
}

/** NEAR_REWARD's firing for a band entered: once per band (its id names the firing). */
async function nearReward(
  tx: Queries,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  memberId: string,
  bandId: string,
  now: Date,
) {
  await fire(tx, deps, automation, day, [{ memberId, occasion: `band:${bandId}` }], {
    now,
    points: automation.bonusPoints ?? 0,
    audience: 'member',
  });
}

/**
 * REFERRAL, on the friend's first purchase: both the friend and the member who invited them get the bonus, as BONUS
 * entries naming that purchase; the inviter at most 10 times per calendar month of the business (past it, neither
 * gets anything). The friend joined by the invitation with a phone new to the business (the join records it only
 * then), so a known phone or the inviter's own never gets here.
 */
async function referral(
  tx: Queries,
  deps: FireDeps,
  automation: AutomationRow,
  day: string,
  friend: { id: string; referredBy: string | null; entryId: string },
  now: Date,
) {
  if (!friend.referredBy || friend.referredBy === friend.id) return;
  const [first] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.tenantId, automation.tenantId),
        eq(pointsLedger.memberId, friend.id),
        eq(pointsLedger.type, 'PURCHASE'),
      ),
    )
    .orderBy(pointsLedger.createdAt, pointsLedger.id)
    .limit(1);
  if (first?.id !== friend.entryId) return;
  // The inviter's row locked too: two friends' first purchases at once count against the limit one after the other.
  const [inviter] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, automation.tenantId), eq(members.id, friend.referredBy)))
    .for('update');
  if (!inviter) return;
  const month = day.slice(0, 7);
  const [count] = await rowsOf<{ n: number | string }>(
    tx,
    sql`select count(*) as n from ${automationFirings} where tenant_id = ${automation.tenantId}
      and automation_id = ${automation.id} and member_id = ${inviter.id} and occasion like 'friend:%'
      and to_char(day, 'YYYY-MM') = ${month}`,
  );
  if (Number(count?.n ?? 0) >= AUTOMATION_LIMITS.referralsPerMonth) return;
  await fire(
    tx,
    deps,
    automation,
    day,
    [
      { memberId: inviter.id, occasion: `friend:${friend.id}`, causeEntryId: friend.entryId },
      { memberId: friend.id, occasion: 'joined', causeEntryId: friend.entryId },
    ],
    { now, points: automation.bonusPoints ?? 0, audience: 'member' },
  );
}

/** The purchase a referral named was reversed: its bonuses are reversed with it (while their points are unspent). */
async function undoReferral(db: Database, deps: FireDeps, tenantId: string, entryId: string) {
  const firings = await db
    .select({ id: automationFirings.id, memberId: automationFirings.memberId, entryId: automationFirings.entryId })
    .from(automationFirings)
    .where(
      and(
        eq(automationFirings.tenantId, tenantId),
        eq(automationFirings.causeEntryId, entryId),
        isNull(automationFirings.undoneAt),
      ),
    );
  for (const f of firings) {
    const markUndone = (tx: Queries) =>
      tx
        .update(automationFirings)
        .set({ undoneAt: sql`now()` })
        .where(and(eq(automationFirings.id, f.id), isNull(automationFirings.undoneAt)))
        .returning({ id: automationFirings.id });
    try {
      await db.transaction(async (tx) => {
        const [open] = await markUndone(tx);
        if (!open || !f.entryId) return;
        await deps.ledger.apply(tx, {
          type: 'reversal',
          tenantId,
          memberId: f.memberId,
          entryId: f.entryId,
          automationUndo: true,
          accountId: null,
          recordedBy: null,
        });
      });
    } catch (error) {
      // Its points were spent already, or the member erased: the bonus stays, and is not tried again.
      if (!(error instanceof AppError)) throw error;
      await db.transaction((tx) => markUndone(tx));
    }
  }
}
