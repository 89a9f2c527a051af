import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members } from '../../src/db/schema';
import { bearer } from '../helpers';

/** The stamp card's calls as a client makes them. */
export function stampsApi(app: FastifyInstance) {
  return {
    settings: (token: string) => app.inject({ url: '/api/tenants/stamp-card', headers: bearer(token) }),
    save: (token: string, payload: object) =>
      app.inject({ method: 'PUT', url: '/api/tenants/stamp-card', headers: bearer(token), payload }),
    add: (token: string, memberId: string, payload: object, key?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${memberId}/stamps`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      }),
    list: (token: string, memberId: string) =>
      app.inject({ url: `/api/tenants/member/${memberId}/stamps?size=100`, headers: bearer(token) }),
    reverse: (token: string, memberId: string, entryId: string, key?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${memberId}/stamps/${entryId}/reversal`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      }),
  };
}

/**
 * The member's stored card beside its entries: the current card must hold the sum of the entries' stamps less the
 * stamps of the cards they filled, and cards completed the sum of `completed` (the balance of each unit equals its
 * entries).
 */
export async function storedCard(app: FastifyInstance, tenantId: string, memberId: string) {
  const [row] = await app.database.db
    .select({
      stamps: members.stamps,
      cardsCompleted: members.cardsCompleted,
      entrySum: sql<number>`(select coalesce(sum(stamps - completed_stamps), 0)::int from stamp_ledger s
        where s.tenant_id = members.tenant_id and s.member_id = members.id)`.mapWith(Number),
      completedSum: sql<number>`(select coalesce(sum(completed), 0)::int from stamp_ledger s
        where s.tenant_id = members.tenant_id and s.member_id = members.id)`.mapWith(Number),
      issued: sql<number>`(select count(*)::int from reward_redemptions r
        where r.tenant_id = members.tenant_id and r.member_id = members.id and r.source = 'STAMPS'
          and r.state = 'ISSUED')`.mapWith(Number),
    })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  return row;
}
