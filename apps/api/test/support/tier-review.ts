import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditEvents, members, pointsLedger, walletPasses, webhookDeliveries } from '../../src/db/schema';
import { runScheduled } from '../../src/modules/tier-review/scheduled';
import { bearer } from '../helpers';
import { addMember, membersApi } from './members';

export const DAY = 24 * 3600 * 1000;

/** The tier policy calls and the clock's work, for one app. */
export function tierApi(app: FastifyInstance) {
  const url = '/api/tenants/tier-policy';
  return {
    get: (token: string) => app.inject({ url, headers: bearer(token) }),
    save: (token: string, payload: object) => app.inject({ method: 'PUT', url, headers: bearer(token), payload }),
    saved: (token: string) => app.inject({ url: `${url}/preview`, headers: bearer(token) }),
    preview: (token: string, policy: object) =>
      app.inject({ method: 'POST', url: `${url}/preview`, headers: bearer(token), payload: { policy } }),
    /** The scheduled work at `now`, kept to `tenantId`'s business. */
    tick: (tenantId: string, now: Date) =>
      runScheduled({ db: app.db, feed: app.changes, ledger: app.ledger }, now, [tenantId]),
  };
}

/** A member who bought `amount` (through the API: the tier follows), its purchases then dated `at`. */
export async function memberWhoSpent(app: FastifyInstance, token: string, amount: number, at: Date, name = 'Mia') {
  const memberId = await addMember(app, token, { firstName: name });
  const res = await membersApi(app).record(token, memberId, { type: 'PURCHASE', amount });
  if (res.statusCode !== 201) throw new Error(`purchase: ${res.statusCode} ${res.body}`);
  await app.db
    .update(pointsLedger)
    .set({ createdAt: at })
    .where(and(eq(pointsLedger.memberId, memberId), eq(pointsLedger.type, 'PURCHASE')));
  return memberId;
}

export async function tierOf(app: FastifyInstance, memberId: string) {
  const [m] = await app.db
    .select({ tierId: members.tierId, graceUntil: members.tierGraceUntil })
    .from(members)
    .where(eq(members.id, memberId));
  return m;
}

export async function setMember(app: FastifyInstance, memberId: string, set: Partial<typeof members.$inferInsert>) {
  await app.db.update(members).set(set).where(eq(members.id, memberId));
}

/** The webhook deliveries of the business of `type`, oldest first: what receivers are told. */
export async function delivered(app: FastifyInstance, tenantId: string, type: string) {
  const rows = await app.db
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.eventType, type as never)))
    .orderBy(webhookDeliveries.createdAt);
  return rows.map((r) => (r.payload as { data: Record<string, unknown> }).data);
}

/** A webhook endpoint of the business listening to every event (deliveries are rows the test can read). */
export async function listenAll(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/tenants/webhooks',
    headers: bearer(token),
    payload: {
      url: 'http://127.0.0.1:9/hooks',
      events: ['tier.changed', 'points.expired', 'points.expiring', 'points.adjusted'],
      enabled: true,
    },
  });
  if (res.statusCode !== 201) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
}

export async function systemAudit(app: FastifyInstance, tenantId: string) {
  return app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.tenantId, tenantId), eq(auditEvents.actorType, 'system')));
}

/** A pass issued for the member long ago: a change it shows moves its update time. */
export async function passOf(app: FastifyInstance, tenantId: string, memberId: string) {
  await app.db.insert(walletPasses).values({ memberId, tenantId, updatedAt: new Date('2020-01-01T00:00:00Z') });
  return async () => {
    const [p] = await app.db
      .select({ at: walletPasses.updatedAt })
      .from(walletPasses)
      .where(eq(walletPasses.memberId, memberId));
    return p?.at.getTime() ?? 0;
  };
}

export const ledgerTypes = async (app: FastifyInstance, memberId: string) =>
  (
    await app.db
      .select({ type: pointsLedger.type, points: pointsLedger.points })
      .from(pointsLedger)
      .where(eq(pointsLedger.memberId, memberId))
      .orderBy(pointsLedger.createdAt)
  ).map((e) => `${e.type} ${e.points}`);
