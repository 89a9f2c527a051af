import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  branches,
  enrolmentSettings,
  members,
  membershipTiers,
  passSettings,
  pointsConversionSettings,
  storeSettings,
  uploads,
} from '../src/db/schema';
import { bearer, craftToken, signUp } from './helpers';
import { activeOwner, addTeamUser, type RegisteredOwner } from './onboarding-helpers';
import { webhookTestApp } from './support/webhooks';

/**
 * The tenant-isolation matrix, generated from the registered routes: every route that declares a tenant role
 * is called as each kind of intruder, and must answer the right status, leak none of tenant A's data and
 * change nothing of tenant A. A route added later is covered without anyone remembering to add it here.
 */

// Markers planted in tenant A: none may appear in an answer given to anyone but A's own users.
const MARK = `iso${randomUUID().slice(0, 8)}`;

// Bodies that pass validation where we know the route, so a refused call is refused by the guard or the
// tenant filter, not by the schema. Unknown routes get an empty body (then a 400 is fine too).
const SAMPLE_BODIES: Record<string, (ids: SeedIds) => unknown> = {
  'POST /api/tenants/users': () => ({
    firstName: 'Eve',
    lastName: 'Intruder',
    email: `eve-${randomUUID()}@example.test`,
    phone: '+15550001111',
    role: 'STAFF',
    password: 'intruder-pass',
  }),
  'PUT /api/tenants/users/:userId': () => ({
    firstName: 'Eve',
    lastName: 'Intruder',
    email: `eve-${randomUUID()}@example.test`,
    phone: '+15550001111',
    role: 'ADMIN',
    status: 'ACTIVE',
  }),
  'POST /api/memberships': () => ({ name: `Intruder ${randomUUID()}`, isActive: false }),
  'PUT /api/memberships/:id': () => ({ name: `Intruder ${randomUUID()}`, isActive: false }),
  'POST /api/tenants/member': () => ({ firstName: 'Eve', lastName: 'Intruder' }),
  'PUT /api/tenants/member/:id': () => ({ firstName: 'Eve', lastName: 'Intruder' }),
  'POST /api/tenants/member/:id/transactions': () => ({ type: 'REDEEM', points: 1 }),
  'PUT /api/tenant/store-settings': (ids) => ({
    logoUrl: ids.uploadUrl,
    text: 'Intruder',
    backgroundUrl: ids.uploadUrl,
  }),
  'PUT /api/tenants/enrolment': () => ({
    enabled: true,
    slug: `intruder-${randomUUID().slice(0, 8)}`,
    welcomePoints: 1,
    requireEmail: false,
  }),
  'POST /api/tenants/branches': () => ({ name: 'Intruder', latitude: 1, longitude: 1 }),
  'PUT /api/tenants/branches/:id': () => ({ name: 'Intruder', latitude: 1, longitude: 1 }),
  'POST /api/points-conversion': () => ({
    earnRateAmount: 1,
    earnRatePoints: 1,
    redeemRatePoints: 1,
    redeemRateAmount: 1,
    expiryType: 'NEVER',
    isActive: true,
  }),
};

type SeedIds = {
  tenantId: string;
  tierId: string;
  memberId: string;
  staffAccountId: string;
  uploadUrl: string;
  branchId: string;
};

/** A's ids for each path parameter, by the resource the path names. */
function pathFor(url: string, ids: SeedIds): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (name === 'userId') return ids.staffAccountId;
    if (url.startsWith('/api/memberships/')) return ids.tierId;
    if (url.startsWith('/api/tenants/member/')) return ids.memberId;
    if (url.startsWith('/api/tenants/branches/')) return ids.branchId;
    return randomUUID();
  });
}

const TENANT_TABLES = [
  'tenant_users',
  'members',
  'membership_tiers',
  'pass_settings',
  'points_conversion_settings',
  'store_settings',
  'uploads',
  'points_ledger',
  'points_lots',
  'member_code_counters',
  'enrolment_settings',
  'branches',
];

// Files a caller gets of their own tenant (the join poster): not JSON, and checked for A's markers all the same.
const OWN_FILES = new Set(['GET /api/tenants/enrolment/poster.png', 'GET /api/tenants/enrolment/poster.pdf']);

describe('tenant-isolation matrix over every tenant route', () => {
  let app: FastifyInstance;
  let a: RegisteredOwner;
  let b: RegisteredOwner;
  let ids: SeedIds;
  const tokens: Record<string, string> = {};

  async function digest(tenantId: string): Promise<string> {
    const parts: string[] = [];
    for (const table of TENANT_TABLES) {
      const rows = await app.database.db.execute<{ d: string | null }>(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${sql.identifier(table)} t where t.tenant_id = ${tenantId}`,
      );
      const list = (rows as unknown as { rows?: { d: string }[] }).rows ?? (rows as unknown as { d: string }[]);
      parts.push(`${table}:${list[0]?.d}`);
    }
    const accounts = await app.database.db.execute(
      sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from accounts x join tenant_users u on u.account_id = x.id where u.tenant_id = ${tenantId}`,
    );
    const list = (accounts as unknown as { rows?: { d: string }[] }).rows ?? (accounts as unknown as { d: string }[]);
    parts.push(`accounts:${list[0]?.d}`);
    return parts.join(',');
  }

  beforeAll(async () => {
    // Every refused probe counts against the per-IP limit; the matrix grows with the routes, the limit is not its subject.
    // With its job queue: a tier written where members are queues their re-placement (modules/tier-review).
    app = await webhookTestApp({
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    });
    [a, b] = await Promise.all([activeOwner(app), activeOwner(app)]);
    const db = app.database.db;
    const tierId = randomUUID();
    const memberId = randomUUID();
    const uploadKey = `${a.tenantId}/${randomUUID()}.png`;
    const branchId = randomUUID();
    await db.insert(membershipTiers).values({ id: tierId, tenantId: a.tenantId, name: `${MARK}-tier` });
    await db.insert(branches).values({ id: branchId, tenantId: a.tenantId, name: `${MARK}-branch` });
    await db.insert(members).values({
      id: memberId,
      tenantId: a.tenantId,
      firstName: MARK,
      lastName: 'Member',
      email: `${MARK}@example.test`,
      membershipCode: `${MARK}-code`,
      tierId,
    });
    await db.insert(uploads).values({
      id: randomUUID(),
      tenantId: a.tenantId,
      storageKey: uploadKey,
      contentType: 'image/png',
      sizeBytes: 1,
    });
    const uploadUrl = `/files/${uploadKey}`;
    await db
      .insert(storeSettings)
      .values({ tenantId: a.tenantId, logoUrl: uploadUrl, text: MARK, backgroundUrl: uploadUrl })
      // Activation made the row with the business name: the marker goes over it.
      .onConflictDoUpdate({
        target: storeSettings.tenantId,
        set: { logoUrl: uploadUrl, text: MARK, backgroundUrl: uploadUrl },
      });
    await db.insert(enrolmentSettings).values({ tenantId: a.tenantId, enabled: true, slug: MARK, welcomePoints: 7 });
    await db.insert(pointsConversionSettings).values({
      tenantId: a.tenantId,
      earnRateAmount: '1.00',
      earnRatePoints: 10,
      redeemRatePoints: 100,
      redeemRateAmount: '1.00',
      expiryType: 'NEVER',
      isActive: true,
      description: MARK,
    });
    await db.insert(passSettings).values({
      tenantId: a.tenantId,
      style: 'storeCard',
      heroText: MARK,
      showPoints: true,
      showLastUpdate: true,
      backgroundColor: '#a855f7',
      foregroundColor: '#ffffff',
      labelColor: '#e9d5ff',
      logoUrl: uploadUrl,
      stripUrl: uploadUrl,
      backgroundUrl: uploadUrl,
      lblMemberName: 'Member Name',
      lblMembershipLvl: 'Membership Level',
      lblLastUpdate: 'Last Update',
      lblPoints: 'Points',
    });
    const [staff, inactive, pending] = await Promise.all([signUp(), signUp(), signUp()]);
    const staffAccountId = await addTeamUser(app, a.tenantId, staff, 'staff', 'ACTIVE');
    await addTeamUser(app, a.tenantId, inactive, 'admin', 'INACTIVE');
    await addTeamUser(app, a.tenantId, pending, 'admin', 'PENDING_VERIFICATION');
    ids = { tenantId: a.tenantId, tierId, memberId, staffAccountId, uploadUrl, branchId };
    tokens.staff = staff.idToken;
    tokens.inactive = inactive.idToken;
    tokens.pending = pending.idToken;
  });
  afterAll(() => app.close());

  // A pending user of A is told A's id (to resume verification): theirs to know, so not counted as a leak.
  const leaks = (body: string, ownTenant: boolean) =>
    [MARK, ...(ownTenant ? [] : [ids.tenantId]), ids.tierId, ids.memberId, ids.staffAccountId, ids.branchId].filter(
      (secret) => body.includes(secret),
    );

  // Every route times every intruder: hundreds of requests, about 10 s on a quiet machine, so more than the default.
  it('covers every tenant route with every intruder', { timeout: 240_000 }, async () => {
    // Event streams stay open, so inject() cannot read them: modules/live/live.test.ts proves over a socket that
    // they refuse intruders and carry only the caller's own business.
    const tenantRoutes = app.routeAccess.filter(
      (r) => ['staff', 'admin', 'owner'].includes(r.access) && !r.url.endsWith('/events'),
    );
    const now = Math.floor(Date.now() / 1000);
    const intruders: { name: string; headers: Record<string, string>; expect: (route: string) => number[] }[] = [
      { name: 'no token', headers: {}, expect: () => [401] },
      { name: 'malformed token', headers: { authorization: 'Bearer not-a-jwt' }, expect: () => [401] },
      {
        name: 'expired token',
        headers: bearer(craftToken(a.user.uid, { iat: now - 7200, auth_time: now - 7200, exp: now - 3600 })),
        expect: () => [401],
      },
      {
        name: 'wrong audience',
        headers: bearer(craftToken(a.user.uid, { aud: 'another-project' })),
        expect: () => [401],
      },
      { name: 'forged X-Tenant-Id', headers: { ...bearer(b.token), 'x-tenant-id': a.tenantId }, expect: () => [403] },
      { name: 'INACTIVE user', headers: bearer(tokens.inactive as string), expect: () => [403] },
      { name: 'PENDING user', headers: bearer(tokens.pending as string), expect: () => [403] },
      {
        name: "another tenant's owner with A's ids",
        headers: bearer(b.token),
        // Their own tenant answers: a list of B's data, or not found / invalid for A's ids.
        expect: (route) => (route.includes(':') ? [400, 404] : [200, 201, 204, 400, 404]),
      },
    ];
    const failures: string[] = [];
    for (const route of tenantRoutes) {
      const key = `${route.method} ${route.url}`;
      const isWrite = route.method !== 'GET';
      const cases = [...intruders];
      if (isWrite && route.access !== 'staff') {
        cases.push({ name: 'staff on a write', headers: bearer(tokens.staff as string), expect: () => [403] });
      }
      for (const intruder of cases) {
        const before = await digest(a.tenantId);
        const body = isWrite ? (SAMPLE_BODIES[key]?.(ids) ?? {}) : undefined;
        const res = await app.inject({
          method: route.method as 'GET',
          url: pathFor(route.url, ids),
          headers: intruder.headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        const where = `${key} as ${intruder.name}`;
        if (!intruder.expect(route.url).includes(res.statusCode)) failures.push(`${where}: status ${res.statusCode}`);
        const leaked = leaks(res.body, intruder.name === 'PENDING user');
        if (leaked.length > 0) failures.push(`${where}: answer contains tenant A's ${leaked.join(', ')}`);
        // A file download (a poster; a CSV) answers the caller's own tenant as a file (its body is still searched
        // for A's data above).
        const ownFile = (OWN_FILES.has(key) || route.url.endsWith('.csv')) && res.statusCode === 200;
        if (
          !String(res.headers['content-type'] ?? 'application/json').includes('json') &&
          res.statusCode !== 204 &&
          !ownFile
        ) {
          failures.push(`${where}: not JSON`);
        }
        if ((await digest(a.tenantId)) !== before) failures.push(`${where}: tenant A's data changed`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("A's branch is not found when B names it: in a purchase, a refund, a reversal, a reward, a user or a member", async () => {
    const bMember = await app.inject({
      method: 'POST',
      url: '/api/tenants/member',
      headers: bearer(b.token),
      payload: { firstName: 'Bo', lastName: 'B' },
    });
    expect(bMember.statusCode, bMember.body).toBe(201);
    const memberOfB = bMember.json().userId as string;
    const before = await digest(a.tenantId);
    const named = { branchId: ids.branchId };
    const calls: { url: string; payload: object; method?: 'POST' | 'PUT' }[] = [
      { url: `/api/tenants/member/${memberOfB}/transactions`, payload: { type: 'PURCHASE', amount: 5, ...named } },
      { url: `/api/tenants/member/${memberOfB}/transactions/${randomUUID()}/refund`, payload: { amount: 1, ...named } },
      { url: `/api/tenants/member/${memberOfB}/transactions/${randomUUID()}/reversal`, payload: named },
      { url: `/api/tenants/member/${memberOfB}/rewards/${randomUUID()}/redeem`, payload: named },
      {
        url: `/api/tenants/member/${memberOfB}`,
        method: 'PUT',
        payload: { firstName: 'Bo', lastName: 'B', status: 'active', homeBranchId: ids.branchId },
      },
      {
        url: '/api/tenants/users',
        payload: {
          firstName: 'Eve',
          lastName: 'Intruder',
          email: `eve-${randomUUID()}@example.test`,
          phone: '+15550001111',
          role: 'STAFF',
          password: 'intruder-pass',
          branchIds: [ids.branchId],
        },
      },
    ];
    for (const call of calls) {
      const res = await app.inject({
        method: call.method ?? 'POST',
        url: call.url,
        headers: bearer(b.token),
        payload: call.payload,
      });
      expect(res.statusCode, `${call.url}: ${res.body}`).toBe(404);
      expect(res.body).not.toContain(MARK);
    }
    expect(await digest(a.tenantId)).toBe(before);
  });

  it("A's own owner sees A's data, so the markers above would be caught", async () => {
    const res = await app.inject({ url: '/api/members/me', headers: bearer(a.token) });
    expect(res.json()).toMatchObject({ tenantId: ids.tenantId });
  });
});
