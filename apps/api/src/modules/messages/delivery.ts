import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import type { ChangeFeed } from '../../lib/changes';
import { getBusinessProfile } from '../business/profile';
import { quietUntil } from './quiet-hours';
import {
  findMessageRow,
  finishBatch,
  googleHolders,
  noticesToday,
  passesShowing,
  pendingTargets,
  recordNotices,
  releaseLease,
  setState,
  showOnPasses,
  takeLease,
} from './repository';

/** Google shows at most three notices a pass in 24 hours (messages and updates together, DESIGN §8). */
const GOOGLE_NOTICES_PER_DAY = 3;
/** "Calls to the Google Wallet API are rate limited to 20 requests per second" (Google Wallet API FAQ). */
export const GOOGLE_REQUESTS_PER_SECOND = 20;

type MessageDeliveryDeps = {
  db: Database;
  jobs: JobQueue;
  changes: ChangeFeed;
  /** Pushes every device of these members (the wallet's one APNs connection). */
  pushMembers(tenantId: string, memberIds: string[]): Promise<{ sent: number; failed: number }>;
  /** A message on a member's Google object (modules/wallet/google-service.ts); absent without a real issuer. */
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

/**
 * The send job of a message: batches of its targets, each batch's Apple passes moved to show the message (once
 * each, counted in the same transaction) and their devices pushed over the one APNs connection, its Google
 * objects given the message (with a notice while the pass had fewer than three in 24 hours), paced by Google's
 * rate limit, then the batch marked done with its counts. A run works for `runSeconds` and hands over to a new
 * job, so no run outlives its expiry; a killed run's lease lapses and its retry resumes at the first batch not
 * done. At worst one batch's pushes are repeated, and a repeated push shows nothing (the pass did not change
 * again). Quiet hours hold the whole send until they end.
 */
export function messageJobs(deps: MessageDeliveryDeps) {
  const { db, jobs } = deps;
  // With Google objects to reach, its 20 calls a second set the pace, so a batch stays small enough to finish well
  // within the job's expiry; Apple alone takes larger batches (fewer statements per pass).
  const batchSize = deps.batchSize ?? (deps.addGoogleMessage ? 200 : 1000);
  const runMs = (deps.runSeconds ?? 20) * 1000;
  const perSecond = deps.googlePerSecond ?? GOOGLE_REQUESTS_PER_SECOND;
  const now = deps.now ?? (() => new Date());

  const send = defineJob<{ tenantId: string; messageId: string }>({
    name: 'message-send',
    // A run stops taking batches after runSeconds; one batch of Google calls at 20 a second takes 10 s more.
    expireInSeconds: 60,
    retryLimit: 20,
    retryDelay: 5,
    retryDelayMax: 300,
    async handle({ tenantId, messageId }, { id: runId }) {
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
      await setState(db, tenantId, messageId, ['SCHEDULED'], 'SENDING');
      const header = await deps.businessName(tenantId);
      // Keyset over the targets in member order: each batch starts after the last one's last member.
      let after = '';
      for (;;) {
        const batch = await pendingTargets(db, message, after, batchSize);
        if (batch.length === 0) break;
        const live = batch.filter((t) => t.consent);
        const ids = live.map((t) => t.memberId);
        await db.transaction((tx) => showOnPasses(tx, tenantId, messageId, ids));
        const apple = await deps.pushMembers(tenantId, await passesShowing(db, tenantId, messageId, ids));
        const addGoogleMessage = deps.addGoogleMessage;
        const holders = addGoogleMessage ? await googleHolders(db, tenantId, ids) : new Set<string>();
        const notices = await noticesToday(db, tenantId, [...holders]);
        const google = await paced(
          live.filter((t) => holders.has(t.memberId)),
          perSecond,
          (t) => {
            const notify = (notices.get(t.memberId) ?? 0) < GOOGLE_NOTICES_PER_DAY;
            const answer = (addGoogleMessage as NonNullable<typeof addGoogleMessage>)(tenantId, t.memberId, {
              id: messageId,
              header,
              body: t.text,
              notify,
            });
            return answer.then((outcome) => ({ outcome, notify, memberId: t.memberId }));
          },
        );
        const notified: string[] = [];
        let googleQuiet = 0;
        let failed = apple.failed;
        for (const result of google) {
          if (result.status === 'rejected') failed++;
          else if (result.value.outcome === 'absent') continue;
          else if (result.value.notify) notified.push(result.value.memberId);
          else googleQuiet++;
        }
        await db.transaction(async (tx) => {
          await recordNotices(tx, tenantId, notified);
          await finishBatch(
            tx,
            message,
            batch.map((t) => t.memberId),
            {
              applePushes: apple.sent,
              googleNotified: notified.length,
              googleQuiet,
              failed,
            },
          );
        });
        after = batch.at(-1)?.memberId ?? after;
        const end = await quiet();
        if (end || Date.now() - started > runMs) {
          await releaseLease(db, messageId, runId);
          return void (await later(end ?? undefined));
        }
        await takeLease(db, messageId, runId, LEASE_SECONDS);
      }
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
  jobs.define(send);
  return { send };
}
