import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, uniquePhone } from '../../../test/helpers';
import { ENGLISH_MAPPING, filesApi, importTestApp } from '../../../test/support/member-files';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { ownUpload } from '../../../test/support/pass-settings';
import { auditEvents, membershipTiers } from '../../db/schema';

type Biz = Awaited<ReturnType<typeof business>>;
type Event = {
  action: string;
  targetType: string;
  targetId: string | null;
  actorType: string;
  actorId: string;
  actorName: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  requestId: string | null;
};

/** Raw rows: postgres-js answers an array, PGlite an object with rows. */
async function rows<T>(app: FastifyInstance, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await app.database.db.execute(statement);
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

describe('audit trail', () => {
  let app: FastifyInstance;
  let b: Biz;
  let members: ReturnType<typeof membersApi>;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = b.admin) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const eventsOf = async () =>
    (await app.inject({ url: '/api/tenants/audit?size=100', headers: bearer(b.owner) })).json().content as Event[];

  beforeAll(async () => {
    app = await importTestApp();
    members = membersApi(app);
    b = await business(app);
    await insertSettings(app, b.tenantId);
  });
  afterAll(() => app.close());

  // Each admin write, what it should record, and the fields whose before → after it must show.
  type Case = {
    name: string;
    action: string;
    run: () => Promise<LightMyRequestResponse>;
    changes: Record<string, { before: unknown; after: unknown }>;
  };
  let memberId = '';
  let tierId = '';
  let userId = '';
  let purchaseId = '';
  let keyId = '';
  let webhookId = '';
  const member = () => memberId;
  const cases: Case[] = [
    {
      name: 'member create',
      action: 'member.create',
      run: async () => {
        const res = await members.create(b.admin, { firstName: 'Mia', lastName: 'Chen', phone: '+85290001111' });
        memberId = res.json().userId;
        return res;
      },
      changes: { firstName: { before: null, after: 'Mia' }, phone: { before: null, after: '+85290001111' } },
    },
    {
      name: 'member update',
      action: 'member.update',
      run: () =>
        members.update(b.admin, member(), {
          firstName: 'May',
          lastName: 'Chen',
          phone: '+85290001111',
          status: 'inactive',
        }),
      changes: { firstName: { before: 'Mia', after: 'May' }, status: { before: 'active', after: 'inactive' } },
    },
    {
      name: 'points purchase',
      action: 'points.purchase',
      run: async () => {
        const res = await members.record(b.staff, member(), { type: 'PURCHASE', amount: 12.5 });
        purchaseId = res.json().entry.id;
        return res;
      },
      changes: { pointsBalance: { before: 0, after: 125 }, lifetimeSpend: { before: 0, after: 12.5 } },
    },
    {
      name: 'points reversal',
      action: 'points.reversal',
      run: () =>
        send('POST', `/api/tenants/member/${member()}/transactions/${purchaseId}/reversal`, undefined, b.staff),
      changes: { pointsBalance: { before: 125, after: 0 }, lifetimeSpend: { before: 12.5, after: 0 } },
    },
    {
      name: 'points adjust',
      action: 'points.adjust',
      run: () => members.record(b.admin, member(), { type: 'ADJUST', points: 75, reason: 'Welcome back' }),
      changes: { pointsBalance: { before: 0, after: 75 } },
    },
    {
      name: 'points redeem',
      action: 'points.redeem',
      run: () => members.record(b.staff, member(), { type: 'REDEEM', points: 50 }),
      changes: { pointsBalance: { before: 75, after: 25 } },
    },
    {
      name: 'member delete',
      action: 'member.delete',
      run: () => members.remove(b.admin, member()),
      // Erasure (docs/design.md §9): the event names no one; the person's details in earlier events are sealed.
      changes: { pointsBalance: { before: 25, after: null } },
    },
    {
      name: 'tier create',
      action: 'tier.create',
      run: async () => {
        const res = await send('POST', '/api/memberships', { name: 'Gold', color: '#ffd700', minSpendAmount: 100 });
        tierId = res.json().id;
        return res;
      },
      changes: { name: { before: null, after: 'Gold' } },
    },
    {
      name: 'tier update',
      action: 'tier.update',
      run: () => send('PUT', `/api/memberships/${tierId}`, { name: 'Golden', color: '#ffd700', minSpendAmount: 100 }),
      changes: { name: { before: 'Gold', after: 'Golden' } },
    },
    {
      name: 'tier delete',
      action: 'tier.delete',
      run: () => send('DELETE', `/api/memberships/${tierId}`),
      changes: { name: { before: 'Golden', after: null } },
    },
    {
      name: 'points settings',
      action: 'pointsConversion.update',
      run: () =>
        send('POST', '/api/points-conversion', {
          earnRateAmount: 10,
          earnRatePoints: 100,
          redeemRatePoints: 100,
          redeemRateAmount: 1,
          minimumRedemption: 100,
          maximumRedemption: 10000,
          expiryType: 'NEVER',
          pointsExpiryDays: null,
          pointsExpiryDate: null,
          isActive: true,
          description: 'Spend and save',
        }),
      changes: { earnRateAmount: { before: 1, after: 10 }, minimumRedemption: { before: 50, after: 100 } },
    },
    {
      name: 'store settings',
      action: 'storeSettings.update',
      run: async () =>
        send('PUT', '/api/tenant/store-settings', {
          logoUrl: await ownUpload(app, b.tenantId),
          text: 'Blue Bottle',
          backgroundUrl: await ownUpload(app, b.tenantId),
        }),
      // Activation made the row with the business name, so the store's text had one before.
      changes: { text: { before: expect.any(String), after: 'Blue Bottle' } },
    },
    {
      name: 'wallet pass settings',
      action: 'passSettings.update',
      run: async () =>
        send('PUT', '/api/tenant/pass-settings', {
          style: 'storeCard',
          heroText: 'Welcome',
          showPoints: true,
          showLastUpdate: false,
          backgroundColor: '#112233',
          foregroundColor: '#ffffff',
          labelColor: '#e9d5ff',
          logoUrl: await ownUpload(app, b.tenantId),
          stripUrl: await ownUpload(app, b.tenantId),
          backgroundUrl: await ownUpload(app, b.tenantId),
          lblMemberName: 'Member',
          lblMembershipLvl: 'Tier',
          lblLastUpdate: 'Updated',
          lblPoints: 'Stars',
        }),
      changes: { heroText: { before: null, after: 'Welcome' } },
    },
    {
      name: 'user create',
      action: 'user.create',
      run: async () => {
        const res = await send('POST', '/api/tenants/users', {
          firstName: 'Sam',
          lastName: 'Lee',
          email: `sam-${randomUUID()}@example.test`,
          phone: uniquePhone(),
          role: 'STAFF',
          password: 'secret-pass-1',
        });
        userId = res.json().userId;
        return res;
      },
      changes: { firstName: { before: null, after: 'Sam' }, role: { before: null, after: 'staff' } },
    },
    {
      name: 'user update',
      action: 'user.update',
      run: async () => {
        const current = (await app.inject({ url: '/api/tenants/users?size=100', headers: bearer(b.admin) }))
          .json()
          .content.find((u: { userId: string }) => u.userId === userId);
        return send('PUT', `/api/tenants/users/${userId}`, { ...current, role: 'ADMIN', status: 'INACTIVE' });
      },
      changes: {
        role: { before: 'staff', after: 'admin' },
        status: { before: 'PENDING_VERIFICATION', after: 'INACTIVE' },
      },
    },
    {
      name: 'user delete',
      action: 'user.delete',
      run: () => send('DELETE', `/api/tenants/users/${userId}/permanent`),
      changes: { firstName: { before: 'Sam', after: null } },
    },
    {
      name: 'enrolment settings',
      action: 'enrolment.update',
      run: () =>
        send('PUT', '/api/tenants/enrolment', {
          enabled: true,
          slug: `audit-${randomUUID().slice(0, 8)}`,
          welcomePoints: 25,
          requireEmail: false,
          termsUrl: '',
          allowedCountries: [],
        }),
      changes: { enabled: { before: null, after: true }, welcomePoints: { before: null, after: 25 } },
    },
    {
      name: 'API key create',
      action: 'apiKey.create',
      run: async () => {
        const res = await send('POST', '/api/tenants/api-keys', { name: 'Till', scopes: ['members:read'] });
        keyId = res.json().id;
        return res;
      },
      changes: { name: { before: null, after: 'Till' }, scopes: { before: null, after: ['members:read'] } },
    },
    {
      name: 'API key revoke',
      action: 'apiKey.revoke',
      run: () => send('DELETE', `/api/tenants/api-keys/${keyId}`),
      changes: { revoked: { before: false, after: true } },
    },
    {
      name: 'webhook create',
      action: 'webhook.create',
      run: async () => {
        const res = await send('POST', '/api/tenants/webhooks', {
          url: 'http://127.0.0.1:9/hook',
          events: ['member.created'],
        });
        webhookId = res.json().id;
        return res;
      },
      changes: { url: { before: null, after: 'http://127.0.0.1:9/hook' } },
    },
    {
      name: 'webhook update',
      action: 'webhook.update',
      run: () =>
        send('PUT', `/api/tenants/webhooks/${webhookId}`, {
          url: 'http://127.0.0.1:9/hook',
          events: ['member.created'],
          enabled: false,
        }),
      changes: { enabled: { before: true, after: false } },
    },
    {
      name: 'webhook delete',
      action: 'webhook.delete',
      run: () => send('DELETE', `/api/tenants/webhooks/${webhookId}`),
      changes: { url: { before: 'http://127.0.0.1:9/hook', after: null } },
    },
    {
      name: 'import',
      action: 'import.run',
      run: async () => {
        const csv = 'First name,Last name\nAmy,Lee\n';
        const res = await filesApi(app).import(b.admin, csv, ENGLISH_MAPPING);
        return res;
      },
      changes: { rows: { before: null, after: 1 } },
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s leaves exactly one event with the fields before → after',
    async (_, c) => {
      const before = await eventsOf();
      const res = await c.run();
      expect(res.statusCode, res.body).toBeLessThan(300);
      const after = await eventsOf();
      expect(after).toHaveLength(before.length + 1);
      const event = after[0] as Event;
      expect(event.action).toBe(c.action);
      expect(event.changes).toMatchObject(c.changes);
      expect(event).toMatchObject({ actorType: 'account', ip: '127.0.0.1', requestId: expect.any(String) });
      expect(event.actorName).toMatch(/<user-.*@example\.test>$/);
    },
  );

  it('an API key acts as itself: its writes are its own events, never a person’s', async () => {
    const made = await send('POST', '/api/tenants/api-keys', { name: 'Shop till', scopes: ['members:write'] });
    const { key, id } = made.json() as { key: string; id: string };
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenants/member',
      headers: bearer(key),
      payload: { firstName: 'Kit', lastName: 'Ho' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [event] = await eventsOf();
    expect(event).toMatchObject({ action: 'member.create', actorType: 'apiKey', actorId: id, actorName: 'Shop till' });
  });

  it('a refused write leaves no event (the event is in the transaction of the change)', async () => {
    const before = (await eventsOf()).length;
    const id = await addMember(app, b.admin, { firstName: 'Ana', lastName: 'Silva' });
    const res = await members.record(b.admin, id, { type: 'REDEEM', points: 500 });
    expect(res.statusCode).toBe(400);
    expect((await eventsOf()).length).toBe(before + 1); // the create only
  });

  it('filters by actor, action and time; staff may not read the trail', async () => {
    const all = await eventsOf();
    const adjust = await app.inject({ url: '/api/tenants/audit?action=points.adjust', headers: bearer(b.admin) });
    expect(adjust.json().content.map((e: Event) => e.action)).toEqual(['points.adjust']);
    const actor = all.find((e) => e.action === 'points.purchase')?.actorId as string;
    const byActor = await app.inject({ url: `/api/tenants/audit?actor=${actor}`, headers: bearer(b.admin) });
    expect(byActor.json().content.every((e: Event) => e.actorId === actor)).toBe(true);
    const future = await app.inject({ url: '/api/tenants/audit?from=2999-01-01T00:00:00Z', headers: bearer(b.admin) });
    expect(future.json().totalElements).toBe(0);
    expect((await app.inject({ url: '/api/tenants/audit', headers: bearer(b.staff) })).statusCode).toBe(403);
    const other = await signUp();
    expect((await app.inject({ url: '/api/tenants/audit', headers: bearer(other.idToken) })).statusCode).toBe(403);
  });

  it('lists everyone in the trail once, by name, with the name of their latest event', async () => {
    const other = await business(app);
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    const event = (actorId: string, actorName: string, created: Date, actorType: 'account' | 'apiKey' = 'account') => ({
      id: randomUUID(),
      tenantId: other.tenantId,
      actorType,
      actorId,
      actorName,
      action: 'member.update',
      targetType: 'member',
      changes: {},
      createdAt: created,
    });
    await app.database.db
      .insert(auditEvents)
      .values([
        event('acc-b', 'Bea Old <bea@example.test>', at(1)),
        event('acc-b', 'Bea New <bea@example.test>', at(3)),
        event('acc-b', 'Bea Older <bea@example.test>', at(0)),
        event('acc-a', 'Zed <zed@example.test>', at(2)),
        event('key-1', 'Shop till', at(4), 'apiKey'),
      ]);
    const res = await app.inject({ url: '/api/tenants/audit/actors', headers: bearer(other.owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'acc-b', name: 'Bea New <bea@example.test>', type: 'account' },
      { id: 'key-1', name: 'Shop till', type: 'apiKey' },
      { id: 'acc-a', name: 'Zed <zed@example.test>', type: 'account' },
    ]);
    expect((await app.inject({ url: '/api/tenants/audit/actors', headers: bearer(other.staff) })).statusCode).toBe(403);
  });

  it('names a Chinese-named user family name first, and each event its member and tiers (docs/design.md §10)', async () => {
    const other = await business(app);
    const named = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(other.owner),
      payload: { first_name: '美玲', last_name: '黃' },
    });
    expect(named.statusCode).toBe(200);
    const tiers = await insertTiers(app, other.tenantId);
    await app.database.db
      .update(membershipTiers)
      .set({ nameZh: '金卡', nameCn: '金卡' })
      .where(eq(membershipTiers.id, tiers.gold));
    const member = await addMember(app, other.owner, { firstName: '大文', lastName: '陳', tierId: tiers.gold });
    const res = await app.inject({ url: '/api/tenants/audit', headers: bearer(other.owner) });
    expect(res.statusCode).toBe(200);
    const created = res.json().content.find((e: { action: string }) => e.action === 'member.create');
    expect(created.actorName).toMatch(/^黃美玲 </);
    expect(created.member).toEqual({ name: '陳大文', membershipCode: expect.any(String) });
    expect(created.targetId).toBe(member);
    expect(created.tiers[tiers.gold]).toEqual({ name: 'Gold', nameZh: '金卡', nameCn: '金卡' });
  });

  it('the database refuses UPDATE, DELETE and TRUNCATE of audit events', async () => {
    await addMember(app, b.admin, { firstName: 'Zed', lastName: 'Ng' });
    const [first] = await rows<{ id: string }>(app, sql`select id from ${auditEvents} limit 1`);
    expect(first).toBeDefined();
    // Drizzle wraps the driver's error; the database's own message is its cause.
    const refusal = (statement: ReturnType<typeof sql>) =>
      app.database.db.execute(statement).then(
        () => 'done',
        (error: { cause?: { message?: string } }) => String(error.cause?.message),
      );
    expect(await refusal(sql`update ${auditEvents} set action = 'x' where id = ${first?.id}`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from ${auditEvents} where id = ${first?.id}`)).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(sql`truncate ${auditEvents}`)).toMatch(/append-only: TRUNCATE refused/);
    const [still] = await rows<{ action: string }>(app, sql`select action from ${auditEvents} where id = ${first?.id}`);
    expect(still?.action).not.toBe('x');
  });
});
