import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../../db/client';
import { preparedStatements } from '../../../db/prepared';
import { walletPasses, walletRegistrations } from '../../../db/schema';
import { defineJob, type JobQueue } from '../../../jobs/queue';
import type { CardHooks } from '../../../lib/changes';
import type { ApnsClient, PushResult } from './apns';
import {
  forgetVoidedPassIfUnheld,
  markPushed,
  pushTokensOf,
  pushTokensPage,
  recordPushes,
  unregisterPushToken,
} from './repository';

/** Pushes a tenant-wide change in pages of this many devices, all in flight at once on the one connection. */
const FAN_OUT_PAGE = 500;

/**
 * Moves the pass's last-update time: at least one second past the previous one, so the second-resolution
 * Last-Modified and the update tag always change. Answers the passes that exist (no pass, nothing to tell).
 */
const bumped = sql`greatest(date_trunc('second', now()), ${walletPasses.updatedAt} + interval '1 second')`;

/** Every points transaction runs it, so it is built once (db/prepared.ts). */
const bumpPassStatement = preparedStatements((tx: Queries) =>
  tx
    .update(walletPasses)
    .set({ updatedAt: bumped })
    .where(
      and(
        eq(walletPasses.tenantId, sql.placeholder('tenantId')),
        eq(walletPasses.memberId, sql.placeholder('memberId')),
      ),
    )
    .returning({ memberId: walletPasses.memberId })
    .prepare('wallet_bump_member_pass'),
);

/**
 * Pushes to every device of a list and records each answer on its registration (apns.ts says how each reason is
 * acted on): the devices APNs calls dead are unregistered. `retry`: some push should be tried again; `sent`:
 * APNs took at least one; `error`: the first error, null when every push went through.
 */
async function pushAll(db: Database, apns: ApnsClient, topic: string, tenantId: string, tokens: string[]) {
  const results = await Promise.all(tokens.map((token) => apns.push(token, topic)));
  await recordResults(db, tenantId, tokens, results);
  return {
    retry: results.some((r) => r.outcome === 'retry'),
    sent: results.some((r) => r.outcome === 'sent'),
    error: results.find((r) => r.reason !== null)?.reason ?? null,
  };
}

/** Each push's answer kept on its registration; the devices APNs calls dead are unregistered. */
async function recordResults(db: Database, tenantId: string, tokens: string[], results: PushResult[]) {
  const recorded: { pushToken: string; error: string | null }[] = [];
  for (const [i, result] of results.entries()) {
    const pushToken = tokens[i] as string;
    if (result.outcome === 'gone')
      await unregisterPushToken(db, pushToken, result.reason ?? 'Unregistered', result.since);
    else recorded.push({ pushToken, error: result.reason });
  }
  await recordPushes(db, tenantId, recorded);
}

/**
 * The wallet's jobs and the hooks that enqueue them. A member's change enqueues one job for that member's
 * devices; a tenant-wide change enqueues ONE fan-out job that pages through the tenant's devices. Handlers
 * are idempotent: a push repeated after a crash only makes a device ask again for a pass it already has.
 */
export function walletJobs(db: Database, jobs: JobQueue, apns: () => ApnsClient, topic: string) {
  const pushMember = defineJob<{ tenantId: string; memberId: string; bump?: boolean }>({
    name: 'wallet-push-member',
    // A push stream gives up after 10 s (apns.ts); a run killed mid-way is retried once this has passed.
    expireInSeconds: 20,
    retryLimit: 8,
    retryDelay: 2,
    retryDelayMax: 600,
    async handle({ tenantId, memberId, bump }) {
      // Points expiring change the balance without a write: the pass's update time moves when they do.
      if (bump) {
        await db
          .update(walletPasses)
          .set({ updatedAt: bumped })
          .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
      }
      const tokens = await pushTokensOf(db, tenantId, memberId);
      const round = tokens.length > 0 ? await pushAll(db, apns(), topic, tenantId, tokens) : undefined;
      // Marked pushed only when APNs took a push; an attempt and its error are kept either way.
      if (round) await markPushed(db, tenantId, memberId, round.sent, round.error);
      // A deleted member's pass whose last device Apple reported gone has nobody left to tell.
      await forgetVoidedPassIfUnheld(db, tenantId, memberId);
      if (round?.retry) throw new Error(`APNs did not take every push (${round.error}); retrying`);
    },
  });

  const pushTenant = defineJob<{ tenantId: string }>({
    name: 'wallet-push-tenant',
    expireInSeconds: 600,
    retryLimit: 5,
    retryDelay: 5,
    retryDelayMax: 600,
    async handle({ tenantId }) {
      let after = '';
      let delivered = true;
      for (;;) {
        const tokens = await pushTokensPage(db, tenantId, after, FAN_OUT_PAGE);
        if (tokens.length === 0) break;
        if ((await pushAll(db, apns(), topic, tenantId, tokens)).retry) delivered = false;
        after = tokens.at(-1) as string;
      }
      // Each device's answer is on its registration (the pass's status reads them there), none marked in advance.
      if (!delivered) throw new Error('APNs did not take every push; retrying');
    },
  });

  jobs.define(pushMember);
  jobs.define(pushTenant);

  const hasDevices = async (tx: Queries, tenantId: string, memberId?: string) => {
    const where = memberId
      ? and(eq(walletRegistrations.tenantId, tenantId), eq(walletRegistrations.memberId, memberId))
      : eq(walletRegistrations.tenantId, tenantId);
    const rows = await tx.select({ one: sql`1` }).from(walletRegistrations).where(where).limit(1);
    return rows.length > 0;
  };

  const hooks: CardHooks = {
    async memberChanged(tx, tenantId, memberId, detail) {
      const passes = await bumpPassStatement(tx).execute({ tenantId, memberId });
      if (passes.length === 0 || !(await hasDevices(tx, tenantId, memberId))) return;
      await jobs.send(tx, pushMember, { tenantId, memberId });
      if (detail?.expiresAt) {
        await jobs.send(tx, pushMember, { tenantId, memberId, bump: true }, { startAfter: detail.expiresAt });
      }
    },
    /**
     * A deleted member's pass is voided, not dropped: its devices are pushed, fetch it (voided, nothing of the
     * member on it) and Wallet shows it as no longer valid; it is forgotten when the last device lets go.
     */
    async memberDeleted(tx, tenantId, memberId) {
      const voided = await tx
        .update(walletPasses)
        .set({ updatedAt: bumped, voidedAt: sql`now()` })
        .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)))
        .returning({ memberId: walletPasses.memberId });
      if (voided.length === 0) return;
      if (await hasDevices(tx, tenantId, memberId)) await jobs.send(tx, pushMember, { tenantId, memberId });
      else await forgetVoidedPassIfUnheld(tx, tenantId, memberId);
    },
    async membersChanged(tx, tenantId, memberIds) {
      // The ids as one JSON parameter: a review's batch of a thousand members as a thousand parameters took longer
      // to send and plan (on PGlite) than the update.
      const ids = sql`any(array(select jsonb_array_elements_text(${JSON.stringify(memberIds)}::jsonb)))`;
      const passes = await tx
        .update(walletPasses)
        .set({ updatedAt: bumped })
        .where(and(eq(walletPasses.tenantId, tenantId), sql`${walletPasses.memberId} = ${ids}`))
        .returning({ memberId: walletPasses.memberId });
      if (passes.length === 0) return;
      const held = await tx
        .select({ memberId: walletRegistrations.memberId })
        .from(walletRegistrations)
        .where(
          and(
            eq(walletRegistrations.tenantId, tenantId),
            inArray(
              walletRegistrations.memberId,
              passes.map((p) => p.memberId),
            ),
          ),
        )
        .groupBy(walletRegistrations.memberId);
      await jobs.sendMany(
        tx,
        pushMember,
        held.map((h) => ({ tenantId, memberId: h.memberId })),
      );
    },
    async tenantChanged(tx, tenantId) {
      await tx.update(walletPasses).set({ updatedAt: bumped }).where(eq(walletPasses.tenantId, tenantId));
      if (await hasDevices(tx, tenantId)) await jobs.send(tx, pushTenant, { tenantId });
    },
  };
  /**
   * Pushes each of these devices once, over the one connection (a message's batch, modules/messages): how many
   * pushes APNs took and how many it did not. Each answer is recorded on its device by `recorded`, which the
   * caller awaits later: the record is the device's status, not what marks the batch done, so the caller's next
   * pushes need not wait for it.
   */
  async function pushTokens(tenantId: string, tokens: string[]) {
    if (tokens.length === 0) return { sent: 0, failed: 0, recorded: Promise.resolve() };
    const client = apns();
    const results = await Promise.all(tokens.map((token) => client.push(token, topic)));
    const recorded = recordResults(db, tenantId, tokens, results);
    // Awaited by the caller; until then a failure must not count as unhandled.
    recorded.catch(() => {});
    const sent = results.filter((r) => r.outcome === 'sent').length;
    return { sent, failed: results.length - sent, recorded };
  }

  return { pushMember, pushTenant, pushTokens, hooks };
}
