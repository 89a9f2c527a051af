import { API_KEY_SCOPES, type ApiKeyScope } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { business, insertSettings, membersApi } from '../../../test/support/members';
import { apiKeys, pointsLedger } from '../../db/schema';

describe('API keys', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let other: Awaited<ReturnType<typeof business>>;
  let memberId: string;
  let otherMemberId: string;
  const members = () => membersApi(app);

  const makeKey = async (token: string, scopes: ApiKeyScope[], name = 'Till 1') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(token),
      payload: { name, scopes },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string; prefix: string };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    other = await business(app);
    await insertSettings(app, biz.tenantId);
    const made = await members().create(biz.owner, { firstName: 'Kim', lastName: 'Key', phone: '+85291234567' });
    memberId = made.json().userId;
    const theirs = await members().create(other.owner, { firstName: 'Oth', lastName: 'Er', phone: '+85291234568' });
    otherMemberId = theirs.json().userId;
  });
  afterAll(() => app.close());

  it('shows the key once, lists it by prefix and scopes only, and keeps only a hash', async () => {
    const made = await makeKey(biz.admin, ['members:read'], 'Shop');
    expect(made.key).toMatch(/^lpk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(`lpk_${made.id}`);
    const list = await app.inject({ url: '/api/tenants/api-keys', headers: bearer(biz.owner) });
    const listed = list.json().find((k: { id: string }) => k.id === made.id);
    expect(listed).toMatchObject({ name: 'Shop', prefix: made.prefix, scopes: ['members:read'], lastUsedAt: null });
    expect(JSON.stringify(list.json())).not.toContain(made.key.slice(22));
    const [row] = await app.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.key.slice(22));
  });

  it('staff cannot make keys, and a bad body names its fields', async () => {
    const staff = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(biz.staff),
      payload: { name: 'x', scopes: ['members:read'] },
    });
    expect(staff.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(biz.owner),
      payload: { name: '', scopes: ['everything'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'scopes.0']);
  });

  it('members:read reads members but cannot write them or record points', async () => {
    const { key } = await makeKey(biz.owner, ['members:read']);
    expect((await members().list(key)).statusCode).toBe(200);
    expect((await members().get(key, memberId)).json().firstName).toBe('Kim');
    expect((await members().ledger(key, memberId)).statusCode).toBe(200);
    const code = (await members().get(key, memberId)).json().membershipCode;
    expect((await app.inject({ url: `/api/tenants/member/by-code/${code}`, headers: bearer(key) })).statusCode).toBe(
      200,
    );
    const create = await members().create(key, { firstName: 'No', lastName: 'Pe', phone: '+85291230000' });
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toBe('API_KEY_SCOPE');
    expect((await members().record(key, memberId, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(403);
  });

  it('members:write creates, edits and deletes members but cannot read the list or record points', async () => {
    const { key } = await makeKey(biz.owner, ['members:write']);
    const made = await members().create(key, { firstName: 'New', lastName: 'One', phone: '+85291230001' });
    expect(made.statusCode).toBe(201);
    const id = made.json().userId;
    const edit = await members().update(key, id, {
      firstName: 'Newer',
      lastName: 'One',
      phone: '+85291230001',
      status: 'active',
      tierId: null,
    });
    expect(edit.statusCode).toBe(200);
    expect((await members().list(key)).statusCode).toBe(403);
    expect((await members().record(key, id, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(403);
    expect((await members().remove(key, id)).statusCode).toBe(204);
  });

  it('transactions:write records a purchase as the key (no account on the entry) and reverses it', async () => {
    const { key } = await makeKey(biz.owner, ['transactions:write']);
    const purchase = await members().record(key, memberId, { type: 'PURCHASE', amount: 12.5 });
    expect(purchase.statusCode).toBe(201);
    expect(purchase.json().entry.points).toBe(125);
    const [entry] = await app.database.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.id, purchase.json().entry.id));
    expect(entry?.accountId).toBeNull();
    const reversal = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${purchase.json().entry.id}/reversal`,
      headers: bearer(key),
    });
    expect(reversal.statusCode).toBe(201);
    expect((await members().get(key, memberId)).statusCode).toBe(403);
  });

  it('a revoked key gets 401 at once', async () => {
    const { id, key } = await makeKey(biz.owner, ['members:read']);
    expect((await members().list(key)).statusCode).toBe(200);
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/tenants/api-keys/${id}`,
      headers: bearer(biz.admin),
    });
    expect(revoke.statusCode).toBe(204);
    expect((await members().list(key)).statusCode).toBe(401);
    const list = await app.inject({ url: '/api/tenants/api-keys', headers: bearer(biz.owner) });
    expect(list.json().map((k: { id: string }) => k.id)).not.toContain(id);
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/tenants/api-keys/${id}`,
      headers: bearer(biz.owner),
    });
    expect(again.statusCode).toBe(404);
  });

  it('a wrong secret, a made-up key and a malformed one are 401', async () => {
    const { key } = await makeKey(biz.owner, ['members:read']);
    const wrong = `${key.slice(0, -4)}AAAA`;
    expect((await members().list(wrong)).statusCode).toBe(401);
    expect((await members().list(`lpk_${'0'.repeat(16)}_${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await members().list('lpk_short')).statusCode).toBe(401);
  });

  it('a key from one tenant sees nothing of another, even naming it in X-Tenant-Id', async () => {
    const { key } = await makeKey(biz.owner, [...API_KEY_SCOPES]);
    const list = await members().list(key);
    expect(list.json().content.map((m: { userId: string }) => m.userId)).not.toContain(otherMemberId);
    expect((await members().get(key, otherMemberId)).statusCode).toBe(404);
    expect((await members().record(key, otherMemberId, { type: 'PURCHASE', amount: 1 })).statusCode).toBe(404);
    const named = await app.inject({
      url: '/api/tenants/member',
      headers: { ...bearer(key), 'x-tenant-id': other.tenantId },
    });
    expect(named.statusCode).toBe(403);
  });

  it('a key with every scope reaches no route that declares no scope: settings, users, keys, webhooks, profile', async () => {
    const { key } = await makeKey(biz.owner, [...API_KEY_SCOPES]);
    const unscoped = app.routeAccess.filter((r) => r.access !== 'public' && !r.scope);
    expect(unscoped.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/tenants/users',
        '/api/tenants/api-keys',
        '/api/tenants/webhooks',
        '/api/points-conversion',
        '/api/users/me',
        '/api/dashboard',
      ]),
    );
    for (const route of unscoped) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await app.inject({ method: route.method as 'GET', url, headers: bearer(key), payload: {} });
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 403,
      });
    }
  });

  it('records when a key was last used', async () => {
    const { id, key } = await makeKey(biz.owner, ['members:read']);
    await members().list(key);
    const list = await app.inject({ url: '/api/tenants/api-keys', headers: bearer(biz.owner) });
    await expect
      .poll(async () => {
        const res = await app.inject({ url: '/api/tenants/api-keys', headers: bearer(biz.owner) });
        return res.json().find((k: { id: string }) => k.id === id)?.lastUsedAt;
      })
      .not.toBeNull();
    expect(list.statusCode).toBe(200);
  });

  it('the OpenAPI document states the key scheme, the scope of each key route and the webhook payloads', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/tenants/member'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/tenants/member'].get['x-api-key-scope']).toBe('members:read');
    expect(doc.paths['/api/tenants/member/{id}/transactions'].post['x-api-key-scope']).toBe('transactions:write');
    expect(doc.paths['/api/tenants/users'].get.security).toBeUndefined();
    const earned = doc.components.schemas['WebhookEvent_points.earned'];
    expect(earned.properties.type.enum ?? [earned.properties.type.const]).toContain('points.earned');
    expect(earned.properties.data.required).toEqual(expect.arrayContaining(['memberId', 'entryId', 'points']));
  });
});

describe('API key rate limit', () => {
  let app: FastifyInstance;
  afterAll(() => app.close());

  it('counts each key on its own: a key past its limit gets 429, another key of the tenant still gets in', async () => {
    app = await buildTestApp({ RATE_LIMIT_API_KEY_PER_MINUTE: '3' });
    const biz = await business(app);
    const make = async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/tenants/api-keys',
          headers: bearer(biz.owner),
          payload: { name: 'Busy till', scopes: ['members:read'] },
        })
      ).json().key as string;
    const [busy, quiet] = [await make(), await make()];
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await membersApi(app).list(busy)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await membersApi(app).list(quiet)).statusCode).toBe(200);
    // People signed in are not counted against the keys.
    expect((await membersApi(app).list(biz.owner)).statusCode).toBe(200);
  });
});
