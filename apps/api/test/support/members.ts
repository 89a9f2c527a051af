import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { members, membershipTiers, pointsConversionSettings, pointsLedger, pointsLots } from '../../src/db/schema';
import { bearer, signUp } from '../helpers';
import { activeOwner, addTeamUser } from '../onboarding-helpers';

/** An active owner plus an active admin and an active staff user of the same business. */
export async function business(app: FastifyInstance) {
  const owner = await activeOwner(app);
  const admin = await signUp();
  await addTeamUser(app, owner.tenantId, admin, 'admin', 'ACTIVE');
  const staff = await signUp();
  await addTeamUser(app, owner.tenantId, staff, 'staff', 'ACTIVE');
  return { tenantId: owner.tenantId, owner: owner.token, admin: admin.idToken, staff: staff.idToken };
}

/** Basic [0, 500), Silver [500, 2000), Gold [2000, ∞), written directly (the tiers screen owns the API). */
export async function insertTiers(app: FastifyInstance, tenantId: string) {
  const tier = (name: string, min: string, max: string | null, sortOrder: number) => ({
    id: randomUUID(),
    tenantId,
    name,
    color: '#888888',
    minSpendAmount: min,
    maxSpendAmount: max,
    sortOrder,
  });
  const rows = [tier('Basic', '0', '500', 0), tier('Silver', '500', '2000', 1), tier('Gold', '2000', null, 2)];
  await app.database.db.insert(membershipTiers).values(rows);
  return { basic: rows[0]?.id as string, silver: rows[1]?.id as string, gold: rows[2]?.id as string };
}

export type SettingsRow = Partial<typeof pointsConversionSettings.$inferInsert>;

/** $1 → 10 points, 100 points → $1, min 50, max 5000, never expiring, active; overridable. */
export async function insertSettings(app: FastifyInstance, tenantId: string, overrides: SettingsRow = {}) {
  const values = {
    tenantId,
    earnRateAmount: '1.00',
    earnRatePoints: 10,
    redeemRatePoints: 100,
    redeemRateAmount: '1.00',
    minimumRedemption: 50,
    maximumRedemption: 5000,
    expiryType: 'NEVER' as const,
    pointsExpiryDays: null,
    pointsExpiryDate: null,
    isActive: true,
    ...overrides,
  };
  await app.database.db
    .insert(pointsConversionSettings)
    .values(values)
    .onConflictDoUpdate({ target: pointsConversionSettings.tenantId, set: values });
}

export function membersApi(app: FastifyInstance) {
  return {
    list: (token: string, query = '') => app.inject({ url: `/api/tenants/member${query}`, headers: bearer(token) }),
    create: (token: string, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/tenants/member', headers: bearer(token), payload: payload as object }),
    get: (token: string, id: string) => app.inject({ url: `/api/tenants/member/${id}`, headers: bearer(token) }),
    update: (token: string, id: string, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/tenants/member/${id}`,
        headers: bearer(token),
        payload: payload as object,
      }),
    remove: (token: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/member/${id}`, headers: bearer(token) }),
    ledger: (token: string, id: string, query = '') =>
      app.inject({ url: `/api/tenants/member/${id}/transactions${query}`, headers: bearer(token) }),
    record: (token: string, id: string, payload: unknown, key?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${id}/transactions`,
        headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
        payload: payload as object,
      }),
  };
}

/** A member created through the API; answers its id. */
export async function addMember(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const res = await membersApi(app).create(token, { firstName: 'Mia', lastName: 'Chen', ...body });
  if (res.statusCode !== 201) throw new Error(`create member: ${res.statusCode} ${res.body}`);
  return res.json().userId as string;
}

/** What the database holds for a member: stored balance, ledger sum, lots' remaining. */
export async function stored(app: FastifyInstance, tenantId: string, memberId: string) {
  const { db } = app.database;
  const [m] = await db
    .select({ balance: members.pointsBalance, spend: members.lifetimeSpend, tierId: members.tierId })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  const [l] = await db
    .select({
      sum: sql<number>`coalesce(sum(${pointsLedger.points}), 0)::int`.mapWith(Number),
      n: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(pointsLedger)
    .where(eq(pointsLedger.memberId, memberId));
  const [lots] = await db
    .select({ remaining: sql<number>`coalesce(sum(${pointsLots.remaining}), 0)::int`.mapWith(Number) })
    .from(pointsLots)
    .where(eq(pointsLots.memberId, memberId));
  return { ...m, ledgerSum: l?.sum ?? 0, entries: l?.n ?? 0, lotsRemaining: lots?.remaining ?? 0 };
}

/** Moves every lot of the member into the past: the controlled clock of these tests. */
export async function expireAllLots(app: FastifyInstance, memberId: string) {
  await app.database.db
    .update(pointsLots)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(pointsLots.memberId, memberId));
}
