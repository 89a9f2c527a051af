import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { ChangeFeed } from '../../lib/changes';
import { getBusinessProfile } from '../business';
import { analyzeTargets, claimBatch, finishBatch, type Target } from './fan-out-repository';
import { quietUntil } from './quiet-hours';
import { findMessageRow, googleHolders, noticesToday, releaseLease, setState, takeLease } from './repository';

/** Google shows at most three notices a pass in 24 hours (messages and updates together, docs/design.md §8). */
const GOOGLE_NOTICES_PER_DAY = 3;
/** "Calls to the Google Wallet API are rate limited to 20 requests per second" (Google Wallet API FAQ). */
export const GOOGLE_REQUESTS_PER_SECOND = 20;
/**
 * Members per batch when only Apple is reached. A batch is one claim statement, its pushes and one finishing
 * statement. A batch's pushes go out while the previous batch is being marked done, so a run killed at the worst
 * moment leaves two batches pushed and not marked, pushed again after the restart: at most twice this many
 * devices pushed twice (a repeated push shows nothing: the pass did not change again).
 */
export const APPLE_BATCH = 500;

type MessageDeliveryDeps = {
  db: Database;
  jobs: JobQueue;
  changes: ChangeFeed;
  /** Pushes these devices once each over the wallet's one APNs connection; `recorded` once each answer is kept. */
  pushTokens(tenantId: string, tokens: string[]): Promise<{ sent: number; failed: number; recorded: Promise<void> }>;
  /** A message on a member's Google object (modules/wallet/google/service.ts); absent without a real issuer. */
  addGoogleMessage?(
    tenantId: string,
    memberId: string,
    message: { id: string; header: string; body: string; notify: boolean },
  ): Promise<'added' | 'held' | 'absent'>;
  businessName(tenantId: string): Promise<string>;
  /** Members per batch, and how long one run works before handing over to the next (tests make them small). */
  batchSize?: number;
  runSeconds?: number;
  googlePerSecond?: number;
  now?: () => Date;
};

/** How long a run's hold on a message lasts without renewal: past it, a killed run's message is taken over. */
const LEASE_SECONDS = 45;

/** Starts calls no faster than `perSecond`, keeping their answers in order. */
async function paced<T, R>(
  items: T[],
  perSecond: number,
  call: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const gap = 1000 / perSecond;
  const started: Promise<R>[] = [];
  const t0 = Date.now();
  for (const [i, item] of items.entries()) {
    const wait = t0 + i * gap - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    started.push(call(item));
  }
  return Promise.allSettled(started);
}

/** What the look ahead found: the next batch, or the end of quiet hours that just began. */
type Ahead = { batch: Target[] } | { quietEnd: Date };

/**
 * The send job of a message: batches of its targets, each batch claimed with its Apple passes moved to show the
 * message (once each, counted in the same statement), their devices pushed over the one APNs connection, its
 * Google objects given the message (with a notice while the pass had fewer than three in 24 hours), paced by
 * Google's rate limit, then the batch marked done with its counts. The database and the network work side by
 * side: the next batch is claimed while this one's pushes are in flight, and this one is marked done (and its
 * push answers recorded) while the next one's go out; a batch is pushed only once the one before the previous
 * is marked, so a kill -9 leaves at most two batches pushed and not marked (pushed again after the restart). A
 * batch claimed and not pushed is found again by the next run, its passes already moved, and pushed then. A run
 * works for `runSeconds` and hands over to a new job, so no run outlives its expiry; a killed run's lease lapses
 * and its retry resumes at the first batch not done. Quiet hours hold the whole send until they end.
 */
export function messageJobs(deps: MessageDeliveryDeps) {
  const { db, jobs } = deps;
  // With Google objects to reach, its 20 calls a second set the pace, so a batch stays small enough to finish well
  // within the job's expiry; Apple alone takes larger batches.
  const batchSize = deps.batchSize ?? (deps.addGoogleMessage ? 200 : APPLE_BATCH);
  const runMs = (deps.runSeconds ?? 20) * 1000;
  const perSecond = deps.googlePerSecond ?? GOOGLE_REQUESTS_PER_SECOND;
  const now = deps.now ?? (() => new Date());

  const send = defineJob<{ tenantId: string; messageId: string }>({
    name: 'message-send',
    // A run stops taking batches after runSeconds; one batch of Google calls at 20 a second takes 10 s more.
    expireInSeconds: 60,
    // A run whose instance died (kill -9) is retried, on any instance, within 10 s + the 10 s monitor pass + the
    // first retry's 5–10 s + 2 s of polling, rather than after the 60 s expiry (docs/capacity.md).
    heartbeatSeconds: 10,
    retryLimit: 20,
    retryDelay: 5,
    retryDelayMax: 300,
    async handle({ tenantId, messageId }, { id: runId, signal }) {
      const started = Date.now();
      const message = await findMessageRow(db, messageId);
      if (!message || message.tenantId !== tenantId || message.state === 'SENT' || message.state === 'CANCELLED')
        return;
      const later = (startAfter?: Date) =>
        jobs.send(db, send, { tenantId, messageId }, startAfter ? { startAfter } : {});
      const quiet = async () => {
        const profile = await getBusinessProfile(db, tenantId);
        return profile ? quietUntil(profile.quietHours, profile.timeZone, now()) : null;
      };
      const quietEnd = await quiet();
      if (quietEnd) return void (await later(quietEnd));
      if (!(await takeLease(db, messageId, runId, LEASE_SECONDS))) {
        // Another run works on it; this one looks again once that run's lease would have lapsed.
        return void (await later(new Date(Date.now() + LEASE_SECONDS * 1000)));
      }
      const starting = await setState(db, tenantId, messageId, ['SCHEDULED'], 'SENDING');
      if (starting && message.targeted > batchSize) await analyzeTargets(db);
      const header = await deps.businessName(tenantId);
      const handOver = async (startAfter?: Date) => {
        await releaseLease(db, messageId, runId);
        await later(startAfter);
      };
      // Quiet hours are looked at before each claim, so no pass is moved once they have begun.
      const claim = async (after: string): Promise<Ahead> => {
        const end = await quiet();
        return end ? { quietEnd: end } : { batch: await claimBatch(db, message, after, batchSize) };
      };
      const handled = (ahead: Promise<Ahead>) => {
        // Awaited in the next turn of the loop; until then a failure must not count as unhandled.
        ahead.catch(() => {});
        return ahead;
      };

      // Keyset over the targets in member order: each batch starts after the last one's last member.
      let after = '';
      let next: Promise<Ahead> | null = handled(claim(after));
      // The previous batch marked done and its push answers recorded, while this batch goes out.
      let settling: Promise<unknown> = Promise.resolve();
      while (next) {
        const ahead: Ahead = await next;
        if ('quietEnd' in ahead) {
          await settling;
          return void (await handOver(ahead.quietEnd));
        }
        const batch: Target[] = ahead.batch;
        if (batch.length === 0) break;
        const last: string = (batch.at(-1) as Target).memberId;
        // A short batch was the last; a run past its time claims no more and hands over once this batch is done.
        const more: boolean = batch.length === batchSize;
        // A run whose heartbeat was lost (its job retried elsewhere, under the same id and lease) claims no more.
        const inTime = Date.now() - started < runMs && !signal.aborted;
        next = more && inTime ? handled(claim(last)) : more ? null : Promise.resolve({ batch: [] });
        const tally = await deliver(tenantId, messageId, header, batch);
        await settling;
        const range = { after, last };
        settling = Promise.all([
          tally.recorded,
          finishBatch(db, message, range, tally.notified, tally, { by: runId, seconds: LEASE_SECONDS }),
        ]);
        // Awaited before the next batch is marked or the run ends; until then a failure must not count as unhandled.
        settling.catch(() => {});
        after = last;
        if (!next) {
          await settling;
          // Given away: the retry carries on under this same id and lease, so nothing is released or sent.
          if (signal.aborted) return;
          return void (await handOver());
        }
      }
      await settling;
      await db.transaction(async (tx) => {
        if (!(await setState(tx, tenantId, messageId, ['SENDING'], 'SENT'))) return;
        const log = await findMessageRow(tx, messageId);
        if (!log) return;
        const { targeted, passesUpdated, applePushes, googleNotified, googleQuiet, failed } = log;
        await deps.changes.publish(tx, tenantId, [
          {
            type: 'message.sent',
            data: { messageId, targeted, passesUpdated, applePushes, googleNotified, googleQuiet, failed },
          },
        ]);
      });
      await releaseLease(db, messageId, runId);
    },
  });

  /** One batch's pushes and Google calls, side by side: what each gave. */
  async function deliver(tenantId: string, messageId: string, header: string, batch: Target[]) {
    const tokens = new Set<string>();
    for (const t of batch) for (const token of t.pushTokens ?? []) tokens.add(token);
    const [apple, google] = await Promise.all([
      deps.pushTokens(tenantId, [...tokens]),
      googleMessages(tenantId, messageId, header, batch),
    ]);
    return { ...google, applePushes: apple.sent, failed: apple.failed + google.failed, recorded: apple.recorded };
  }

  /** The batch's Google objects given the message, paced by Google's rate limit. */
  async function googleMessages(tenantId: string, messageId: string, header: string, batch: Target[]) {
    const notified: string[] = [];
    let googleQuiet = 0;
    let failed = 0;
    const addGoogleMessage = deps.addGoogleMessage;
    if (!addGoogleMessage) return { notified, googleNotified: 0, googleQuiet, failed };
    const live = batch.filter((t) => t.consent);
    const holders = await googleHolders(
      db,
      tenantId,
      live.map((t) => t.memberId),
    );
    const notices = await noticesToday(db, tenantId, [...holders]);
    const results = await paced(
      live.filter((t) => holders.has(t.memberId)),
      perSecond,
      async (t) => {
        const notify = (notices.get(t.memberId) ?? 0) < GOOGLE_NOTICES_PER_DAY;
        const outcome = await addGoogleMessage(tenantId, t.memberId, { id: messageId, header, body: t.text, notify });
        return { outcome, notify, memberId: t.memberId };
      },
    );
    for (const result of results) {
      if (result.status === 'rejected') failed++;
      else if (result.value.outcome === 'absent') continue;
      else if (result.value.notify) notified.push(result.value.memberId);
      else googleQuiet++;
    }
    return { notified, googleNotified: notified.length, googleQuiet, failed };
  }

  jobs.define(send);
  return { send };
}
