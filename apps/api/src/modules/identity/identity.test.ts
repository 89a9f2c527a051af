import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp } from '../../../test/helpers';
import { activeOwner, registerOwner } from '../../../test/onboarding-helpers';
import { tenants, tenantUsers } from '../../db/schema';

describe('GET /api/members/me', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const me = (token: string, headers: Record<string, string> = {}) =>
    app.inject({ url: '/api/members/me', headers: { ...bearer(token), ...headers } });

  it('answers 200 {tenantId, userId, status: OK} for an active owner', async () => {
    const owner = await activeOwner(app);
    const res = await me(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenantId: owner.tenantId,
      userId: owner.userId,
      status: 'OK',
      role: 'owner',
      branchIds: [],
    });
    const [row] = await app.database.db.select().from(tenantUsers).where(eq(tenantUsers.tenantId, owner.tenantId));
    expect(row).toMatchObject({ accountId: owner.userId, role: 'owner', status: 'ACTIVE' });
  });

  it('answers 403 T012 right after registering, before phone verification', async () => {
    const owner = await registerOwner(app);
    const res = await me(owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T012', message: expect.any(String) });
    // The caller's own pending tenant, so verification can resume after signing in again.
    expect(res.json()).toMatchObject({ tenantId: owner.tenantId, userId: owner.userId });
  });

  it('answers 403 T012 when the row is active but the tenant still awaits verification', async () => {
    const owner = await registerOwner(app);
    await app.database.db.update(tenantUsers).set({ status: 'ACTIVE' }).where(eq(tenantUsers.accountId, owner.userId));
    const res = await me(owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'T012' });
  });

  it('answers 403 T013 for an INACTIVE row', async () => {
    const owner = await activeOwner(app);
    await app.database.db
      .update(tenantUsers)
      .set({ status: 'INACTIVE' })
      .where(eq(tenantUsers.accountId, owner.userId));
    const res = await me(owner.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T013' });
  });

  it('answers 403 T010 to a signed-up user who never registered', async () => {
    const user = await signUp();
    const res = await me(user.idToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T010' });
  });

  it('answers 200 when X-Tenant-Id names the caller’s own tenant', async () => {
    const owner = await activeOwner(app);
    const res = await me(owner.token, { 'x-tenant-id': owner.tenantId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tenantId: owner.tenantId,
      userId: owner.userId,
      status: 'OK',
      role: 'owner',
      branchIds: [],
    });
  });

  it('answers 403 to another tenant’s id, exactly as to an unknown one', async () => {
    const [caller, other] = await Promise.all([activeOwner(app), activeOwner(app)]);
    const [stored] = await app.database.db.select().from(tenants).where(eq(tenants.id, other.tenantId));
    expect(stored?.status).toBe('ACTIVE');

    const foreign = await me(caller.token, { 'x-tenant-id': other.tenantId });
    const unknown = await me(caller.token, { 'x-tenant-id': randomUUID() });
    const malformed = await me(caller.token, { 'x-tenant-id': "x' or 1=1 --" });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ status: 403 });
    expect(foreign.json()).not.toHaveProperty('tenantId');
    expect(unknown.statusCode).toBe(403);
    expect(foreign.body).toBe(unknown.body);
    expect(malformed.statusCode).toBe(403);
    expect(malformed.body).toBe(unknown.body);
    expect(foreign.body).not.toContain(other.tenantId);
  });

  it('answers 403 to a foreign tenant id even for a caller without any tenant, as to an unknown one', async () => {
    const owner = await activeOwner(app);
    const user = await signUp();
    const foreign = await me(user.idToken, { 'x-tenant-id': owner.tenantId });
    const unknown = await me(user.idToken, { 'x-tenant-id': randomUUID() });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).toBe(unknown.body);
  });

  it('picks the tenant X-Tenant-Id names when the caller belongs to several, else the first one', async () => {
    const [caller, other] = await Promise.all([activeOwner(app), activeOwner(app)]);
    await app.database.db.insert(tenantUsers).values({
      id: randomUUID(),
      tenantId: other.tenantId,
      accountId: caller.userId,
      role: 'staff',
      status: 'ACTIVE',
    });
    const chosen = await me(caller.token, { 'x-tenant-id': other.tenantId });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({
      tenantId: other.tenantId,
      userId: caller.userId,
      status: 'OK',
      role: 'staff',
      branchIds: [],
    });
    const first = await me(caller.token);
    expect(first.json()).toEqual({
      tenantId: caller.tenantId,
      userId: caller.userId,
      status: 'OK',
      role: 'owner',
      branchIds: [],
    });
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ url: '/api/members/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
  });
});
