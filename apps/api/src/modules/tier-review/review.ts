import { personName, type TierPolicy, type TierPolicyPreview } from '@loyalty/contracts';
import type { Database, Queries } from '../../db/client';
import type { ChangeFeed } from '../../lib/changes';
import { giveWay } from '../../lib/give-way';
import type { Scope } from '../../lib/run-scope';
import { type Candidate, candidates, loadTiers, reviewClock, type TierRow, toCents, windowAt } from '../points';
import { type Decision, decide } from './decide';
import { applyMoves, claimReviews, finishReview, type Move, setGrace } from './repository';

/** Members moved per transaction: their tiers, audit events, webhooks and card updates commit together. */
const BATCH = 1000;
const SAMPLE = 8;

type Decided = { member: Candidate; decision: Decision };

/** Every member's decision under `policy` at `at`. */
async function decideAll(db: Queries, tenantId: string, policy: TierPolicy, at: Date, tiers: TierRow[]) {
  const window = await windowAt(db, tenantId, policy.basis, policy.months, at);
  const decided: Decided[] = [];
  for (const member of await candidates(db, tenantId, window)) {
    const decision = decide({ ...member, qualifyingCents: toCents(member.qualifying) }, tiers, policy, at);
    if (decision) decided.push({ member, decision });
  }
  return decided;
}

/**
 * What the next review (the business's next local midnight) would do under `policy`, saved or not: how many move
 * up and down, how many start a grace period instead, and a few of them by name.
 */
export async function previewReview(
  db: Queries,
  tenantId: string,
  policy: TierPolicy,
  now: Date,
): Promise<TierPolicyPreview> {
  const [{ nextReviewAt }, tiers] = await Promise.all([reviewClock(db, tenantId, now), loadTiers(db, tenantId)]);
  const decided = await decideAll(db, tenantId, policy, nextReviewAt, tiers);
  const ref = (id: string | null) => {
    const t = tiers.find((x) => x.id === id);
    return t ? { id: t.id, name: t.name } : null;
  };
  let upgrades = 0;
  let downgrades = 0;
  let inGrace = 0;
  const sample: TierPolicyPreview['sample'] = [];
  for (const { member, decision } of decided) {
    if (decision.kind === 'grace') inGrace += 1;
    if (decision.kind !== 'move') continue;
    if (decision.direction === 'UP') upgrades += 1;
    else downgrades += 1;
    if (sample.length < SAMPLE) {
      sample.push({
        memberId: member.id,
        name: personName(member),
        direction: decision.direction,
        fromTier: ref(member.tierId),
        toTier: ref(decision.toTierId),
      });
    }
  }
  return { runsAt: nextReviewAt.toISOString(), upgrades, downgrades, inGrace, sample };
}

/**
 * Applies the business's policy at `now`: members move in batches, each batch one transaction with a
 * `tier.reviewed` change per member moved (the tier.changed webhook, the audit event, the card's update with its
 * changeMessage); grace periods start or end. A member moved meanwhile (by a write, or by a review racing this
 * one) is left as it is. Answers how many moved up and down.
 */
export async function runReview(db: Database, feed: ChangeFeed, tenantId: string, policy: TierPolicy, now: Date) {
  const tiers = await loadTiers(db, tenantId);
  const decided = await decideAll(db, tenantId, policy, now, tiers);
  const graceStarts = new Map<number, string[]>();
  const graceEnds: string[] = [];
  const moves: (Move & { up: boolean })[] = [];
  for (const { member, decision } of decided) {
    if (decision.kind === 'move') {
      moves.push({ id: member.id, from: member.tierId, to: decision.toTierId, up: decision.direction === 'UP' });
    } else if (decision.kind === 'grace') {
      const at = decision.until.getTime();
      graceStarts.set(at, [...(graceStarts.get(at) ?? []), member.id]);
    } else graceEnds.push(member.id);
  }
  // Between batches the event loop takes what waits (on PGlite the queries run in this thread: without a pause a
  // review of 100,000 members would hold every request until it ends, lib/give-way.ts).
  for (const [until, ids] of graceStarts) {
    for (let i = 0; i < ids.length; i += BATCH) {
      await setGrace(db, tenantId, ids.slice(i, i + BATCH), new Date(until));
      await giveWay();
    }
  }
  for (let i = 0; i < graceEnds.length; i += BATCH) {
    await setGrace(db, tenantId, graceEnds.slice(i, i + BATCH), null);
    await giveWay();
  }
  const up = new Set(moves.filter((m) => m.up).map((m) => m.id));
  let upgrades = 0;
  let downgrades = 0;
  for (let i = 0; i < moves.length; i += BATCH) {
    const batch = moves.slice(i, i + BATCH).map(({ id, from, to }) => ({ id, from, to }));
    const moved = await db.transaction(async (tx) => {
      const made = await applyMoves(tx, tenantId, batch);
      await feed.publish(
        tx,
        tenantId,
        made.map((m) => ({ type: 'tier.reviewed' as const, memberId: m.id, fromTierId: m.from, toTierId: m.to })),
      );
      return made;
    });
    for (const m of moved) {
      if (up.has(m.id)) upgrades += 1;
      else downgrades += 1;
    }
    await giveWay();
  }
  return { upgrades, downgrades };
}

/**
 * The day's reviews (the scheduled job): each business with a policy whose local day has no review yet is claimed
 * by inserting that day's run row, so of several instances running this at once only one reviews a business, once
 * a day. Answers the businesses reviewed.
 */
export async function runDueReviews(
  db: Database,
  feed: ChangeFeed,
  now: Date,
  getPolicy: (db: Queries, tenantId: string) => Promise<TierPolicy>,
  only?: Scope,
): Promise<string[]> {
  const claimed = await claimReviews(db, now, only);
  for (const tenantId of claimed) {
    const [policy, { day }] = await Promise.all([getPolicy(db, tenantId), reviewClock(db, tenantId, now)]);
    const { upgrades, downgrades } = await runReview(db, feed, tenantId, policy, now);
    await finishReview(db, tenantId, day, upgrades, downgrades);
  }
  return claimed;
}
