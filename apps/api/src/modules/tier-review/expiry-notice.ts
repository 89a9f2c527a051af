import { and, eq, inArray } from 'drizzle-orm';
import { members, tenants } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import type { Listener } from '../../lib/changes';
import { EXPIRY_NOTICE_ORIGIN, enqueueMessage, reachable, type SendJob } from '../messages';
import { expiringTexts, type PassLanguage } from '../wallet';

// The messages module marks them, and keeps them off the Apple pass's news (its "expiring" field tells it).
export { EXPIRY_NOTICE_ORIGIN };

/**
 * The notice in each language, worded and dated as the pass's "expiring" field tells it on the lock screen
 * ("120 points expire on Dec 31, 2026"), the date in the business's time zone.
 */
export function expiryNoticeTexts(points: number, expiresAt: Date, timeZone: string): Record<PassLanguage, string> {
  const texts = expiringTexts(expiresAt, timeZone, points);
  return { en: texts.en.notice, 'zh-Hant': texts['zh-Hant'].notice, 'zh-Hans': texts['zh-Hans'].notice };
}

/**
 * The expiry warning (`points.expiring`, told once per lot by the scheduled warnings) as a message to the member
 * through the messages queue, in the warning's transaction: a Google message with a notice, in the member's
 * language (else the business's). The Apple pass is not given it as "Latest news": its own "expiring" field tells
 * the iPhone already (a second notice of the same thing otherwise, messages/fan-out-repository.ts). The messages module's rule holds for it as for
 * any message: only members who gave marketing consent are targeted, and its send job checks consent again; the
 * pass's "expiring" field and the webhook tell every member regardless. A member without consent gets no message
 * row at all (rather than one with nobody to send to).
 */
export function expiryNoticeListener(jobs: JobQueue, send: SendJob): Listener {
  return async (tx, tenantId, events) => {
    const warnings = events.flatMap((e) => (e.type === 'points.expiring' ? [e] : []));
    if (warnings.length === 0) return;
    const [reached, [tenant]] = await Promise.all([
      tx
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.tenantId, tenantId),
            inArray(
              members.id,
              warnings.map((w) => w.memberId),
            ),
            reachable,
          ),
        ),
      tx.select({ timeZone: tenants.timeZone }).from(tenants).where(eq(tenants.id, tenantId)),
    ]);
    const consenting = new Set(reached.map((r) => r.id));
    const timeZone = tenant?.timeZone ?? 'UTC';
    const sendAt = new Date();
    for (const warning of warnings) {
      if (!consenting.has(warning.memberId)) continue;
      const texts = expiryNoticeTexts(warning.points, warning.expiresAt, timeZone);
      await enqueueMessage(tx, jobs, send, {
        tenantId,
        text: texts.en,
        textZh: texts['zh-Hant'],
        textCn: texts['zh-Hans'],
        audience: { memberId: warning.memberId },
        filter: null,
        memberId: warning.memberId,
        sendAt,
        origin: EXPIRY_NOTICE_ORIGIN,
      });
    }
  };
}
