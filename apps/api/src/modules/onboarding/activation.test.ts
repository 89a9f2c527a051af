import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, linkPhone, signUp, uniquePhone } from '../../../test/helpers';
import { activeOwner, addTeamUser, registerOwner } from '../../../test/onboarding-helpers';
import { accounts, tenants, tenantUsers } from '../../db/schema';

describe('POST /api/onboarding/activate', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const activate = (token: string | undefined, tenantId: string) =>
    app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: token ? bearer(token) : {},
      payload: { tenantId },
    });
  const accountOf = async (uid: string) => app.database.db.select().from(accounts).where(eq(accounts.firebaseUid, uid));
  const statuses = async (tenantId: string) => {
    const [tenant] = await app.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const [row] = await app.database.db
      .select()
      .from(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.role, 'owner')));
    return { tenant: tenant?.status, row: row?.status };
  };

  it('answers 403 PHONE_NOT_VERIFIED while the Firebase user has no phone, and changes nothing', async () => {
    const owner = await registerOwner(app);
    const res = await activate(owner.token, owner.tenantId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, code: 'PHONE_NOT_VERIFIED', error: expect.any(String) });
    expect(await statuses(owner.tenantId)).toEqual({ tenant: 'PENDING_VERIFICATION', row: 'PENDING_VERIFICATION' });
  });

  it('activates tenant and row after phone verification, storing the verified phone; 409 the second time', async () => {
    const owner = await registerOwner(app);
    const verified = uniquePhone();
    const token = await linkPhone(owner.token, verified);
    const res = await activate(token, owner.tenantId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenantId: owner.tenantId, userId: owner.userId });
    expect(await statuses(owner.tenantId)).toEqual({ tenant: 'ACTIVE', row: 'ACTIVE' });
    const [account] = await accountOf(owner.user.uid);
    expect(account?.phone).toBe(verified);
    expect(verified).not.toBe(owner.phone);

    const again = await activate(token, owner.tenantId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, message: expect.any(String) });
  });

  it('answers 403 for a tenant the caller does not belong to, and leaves it pending', async () => {
    const [caller, other] = await Promise.all([registerOwner(app), registerOwner(app)]);
    const token = await linkPhone(caller.token, uniquePhone());
    const res = await activate(token, other.tenantId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, message: expect.any(String) });
    expect(await statuses(other.tenantId)).toEqual({ tenant: 'PENDING_VERIFICATION', row: 'PENDING_VERIFICATION' });
    const unknown = await activate(token, randomUUID());
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toBe(res.body);
  });

  it('answers 401 without a token', async () => {
    const owner = await registerOwner(app);
    const res = await activate(undefined, owner.tenantId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
    expect(await statuses(owner.tenantId)).toEqual({ tenant: 'PENDING_VERIFICATION', row: 'PENDING_VERIFICATION' });
  });

  it('answers 400, not 500, to a body that is not JSON or lacks the tenant', async () => {
    const owner = await registerOwner(app);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      payload: '{tenantId:',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ status: 400, message: expect.any(String) });
    const empty = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: bearer(owner.token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toHaveProperty('tenantId');
  });

  it('activates a non-owner’s row only, leaving the owner’s pending tenant pending', async () => {
    const owner = await registerOwner(app);
    const staff = await signUp();
    const staffAccount = await addTeamUser(app, owner.tenantId, staff, 'staff');
    const token = await linkPhone(staff.idToken, uniquePhone());
    const res = await activate(token, owner.tenantId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenantId: owner.tenantId, userId: staffAccount });
    const [row] = await app.database.db.select().from(tenantUsers).where(eq(tenantUsers.accountId, staffAccount));
    expect(row?.status).toBe('ACTIVE');
    expect(await statuses(owner.tenantId)).toEqual({ tenant: 'PENDING_VERIFICATION', row: 'PENDING_VERIFICATION' });
  });

  it('does not reactivate an INACTIVE row', async () => {
    const owner = await activeOwner(app);
    const staff = await signUp();
    const staffAccount = await addTeamUser(app, owner.tenantId, staff, 'staff', 'INACTIVE');
    const token = await linkPhone(staff.idToken, uniquePhone());
    const res = await activate(token, owner.tenantId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T013' });
    const [row] = await app.database.db.select().from(tenantUsers).where(eq(tenantUsers.accountId, staffAccount));
    expect(row?.status).toBe('INACTIVE');
  });
});
