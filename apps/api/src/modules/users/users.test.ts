import type { TenantUser, TenantUsersPage } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, linkPhone, nextSecond, signIn, signUp, uniquePhone } from '../../../test/helpers';
import { activeOwner, type RegisteredOwner } from '../../../test/onboarding-helpers';
import { createBody, newEmail, passwordAccepted, sameBody, usersApi } from '../../../test/support/users';
import { activate, findCallerRow } from '../onboarding/repository';

describe('team users: /api/tenants/users', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof usersApi>;
  let owner: RegisteredOwner;
  beforeAll(async () => {
    app = await buildTestApp();
    api = usersApi(app);
    owner = await activeOwner(app);
  });
  afterAll(() => app.close());

  it('POST creates a Firebase user without phone and a PENDING_VERIFICATION row; role in any case', async () => {
    const body = createBody({ role: 'admin', email: newEmail('Mixed').replace('mixed', 'MiXeD') });
    const res = await api.create(owner.token, body);
    expect(res.statusCode).toBe(201);
    const row = res.json() as TenantUser;
    const email = body.email.toLowerCase();
    expect(row).toEqual({
      id: expect.any(String),
      userId: expect.any(String),
      tenantId: owner.tenantId,
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      phone: body.phone,
      role: 'admin',
      status: 'PENDING_VERIFICATION',
      // Bound to no branch: records at every one (docs/design.md §10).
      branchIds: [],
    });
    const firebase = await api.firebaseUser(email);
    expect(firebase).toMatchObject({ email, emailVerified: false, displayName: 'Grace Hopper' });
    expect(firebase?.phoneNumber).toBeUndefined();
    expect(await passwordAccepted(email, body.password)).toBe(true);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({
      role: 'admin',
      status: 'PENDING_VERIFICATION',
    });
  });

  it('a new user who signs in, verifies a phone by SMS and activates becomes ACTIVE and may read the list', async () => {
    const body = createBody();
    const row = (await api.create(owner.token, body)).json() as TenantUser;
    const first = await signIn(body.email, body.password);
    const me = await app.inject({ url: '/api/members/me', headers: bearer(first) });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toMatchObject({ error: 'T012', tenantId: owner.tenantId, userId: row.userId });
    expect((await api.list(first)).statusCode).toBe(403);

    const phone = uniquePhone();
    const token = await linkPhone(first, phone);
    const res = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: bearer(token),
      payload: { tenantId: owner.tenantId },
    });
    expect(res.statusCode).toBe(200);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ status: 'ACTIVE', phone });
    const list = await api.list(token);
    expect(list.statusCode).toBe(200);
    const identity = await app.inject({ url: '/api/members/me', headers: bearer(token) });
    expect(identity.json()).toMatchObject({ status: 'OK', role: 'staff', tenantId: owner.tenantId });
  });

  it('an e-mail Firebase knows but has not verified is refused with 409, nothing added, password untouched', async () => {
    const stranger = await signUp();
    const res = await api.create(owner.token, createBody({ email: stranger.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: expect.stringMatching(/not verified/) });
    const list = (await api.list(owner.token, `?filter=${encodeURIComponent(stranger.email)}`)).json();
    expect(list.totalElements).toBe(0);
    expect(await passwordAccepted(stranger.email, stranger.password)).toBe(true);
    expect(await passwordAccepted(stranger.email, 'team-pass-123')).toBe(false);
  });

  it('an e-mail already in the tenant answers 409 errors.email, in any letter case', async () => {
    const body = createBody();
    expect((await api.create(owner.token, body)).statusCode).toBe(201);
    const again = await api.create(owner.token, createBody({ email: body.email.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, errors: { email: expect.any(String) } });
    const ownerAgain = await api.create(owner.token, createBody({ email: owner.user.email }));
    expect(ownerAgain.statusCode).toBe(409);
    expect(ownerAgain.json().errors.email).toBeDefined();
  });

  it("a verified account of another business joins without its password changing; that business's sign-in details stay its holder's", async () => {
    const other = await activeOwner(app);
    await app.firebase.auth.updateUser(other.user.uid, { emailVerified: true });
    const res = await api.create(owner.token, createBody({ email: other.user.email, password: 'a-new-password' }));
    expect(res.statusCode).toBe(201);
    const row = res.json() as TenantUser;
    expect(row).toMatchObject({ userId: other.userId, firstName: 'Ada', role: 'staff', status: 'ACTIVE' });
    expect(await passwordAccepted(other.user.email, other.user.password)).toBe(true);
    expect(await passwordAccepted(other.user.email, 'a-new-password')).toBe(false);

    // The account also holds the other tenant: no e-mail, phone or password change from here.
    const password = await api.update(owner.token, row.userId, sameBody(row, { newPassword: 'taken-over-1' }));
    expect(password.statusCode).toBe(403);
    expect(await passwordAccepted(other.user.email, other.user.password)).toBe(true);
    expect(await passwordAccepted(other.user.email, 'taken-over-1')).toBe(false);
    const email = await api.update(owner.token, row.userId, sameBody(row, { email: newEmail() }));
    expect(email.statusCode).toBe(403);
    const phone = await api.update(owner.token, row.userId, sameBody(row, { phone: uniquePhone() }));
    expect(phone.statusCode).toBe(403);
    expect((await api.firebaseUser(other.user.email))?.phoneNumber).toBe(other.phone);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ email: other.user.email, phone: other.phone });
    // Role, status and names are this tenant's to change.
    const names = await api.update(owner.token, row.userId, sameBody(row, { firstName: 'Augusta', role: 'admin' }));
    expect(names.statusCode).toBe(200);
    expect(names.json()).toMatchObject({ firstName: 'Augusta', role: 'admin' });

    // Removing it here leaves the account, its Firebase user and the other business alone.
    expect((await api.remove(owner.token, row.userId)).statusCode).toBe(204);
    expect(await api.accountExists(other.userId)).toBe(true);
    expect(await passwordAccepted(other.user.email, other.user.password)).toBe(true);
    expect(await api.stored(other.tenantId, other.userId)).toMatchObject({ role: 'owner', status: 'ACTIVE' });
  });

  it('PUT changes names, role, e-mail, phone and password of an account only this tenant holds, in Firebase too', async () => {
    const { row, body } = await api.activeTeamUser(owner.token);
    const firebaseBefore = await api.firebaseUser(body.email);
    const change = sameBody(row, {
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: newEmail('moved'),
      phone: uniquePhone(),
      role: 'Admin',
      newPassword: 'fresh-pass-99',
    });
    const res = await api.update(owner.token, row.userId, change);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Katherine',
      lastName: 'Johnson',
      email: change.email,
      phone: change.phone,
      role: 'admin',
      status: 'ACTIVE',
    });
    const firebase = await api.firebaseUser(change.email as string);
    expect(firebase?.uid).toBe(firebaseBefore?.uid);
    expect(firebase?.phoneNumber).toBe(change.phone);
    expect(await passwordAccepted(change.email as string, 'fresh-pass-99')).toBe(true);
    expect(await passwordAccepted(change.email as string, body.password)).toBe(false);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ email: change.email, role: 'admin' });
  });

  it('INACTIVE revokes the sessions and the user then reaches nothing (403 T013); an activation racing it loses', async () => {
    const { row, body, token } = await api.activeTeamUser(owner.token);
    expect((await api.list(token)).statusCode).toBe(200);
    // Revocation is dated in whole seconds: let the token's second pass so it falls before the cut-off.
    await nextSecond();
    const res = await api.update(owner.token, row.userId, sameBody(row, { status: 'INACTIVE' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('INACTIVE');
    expect((await api.list(token)).statusCode).toBe(401);
    const fresh = await signIn(body.email, body.password);
    const list = await api.list(fresh);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ error: 'T013' });
    expect((await app.inject({ url: '/api/members/me', headers: bearer(fresh) })).json()).toMatchObject({
      error: 'T013',
    });

    // A pending user made INACTIVE cannot activate afterwards: activation only moves PENDING_VERIFICATION.
    const pendingBody = createBody();
    const pending = (await api.create(owner.token, pendingBody)).json() as TenantUser;
    const pendingToken = await linkPhone(await signIn(pendingBody.email, pendingBody.password), uniquePhone());
    expect((await api.update(owner.token, pending.userId, sameBody(pending, { status: 'INACTIVE' }))).statusCode).toBe(
      200,
    );
    const again = await signIn(pendingBody.email, pendingBody.password);
    const activation = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: bearer(again),
      payload: { tenantId: owner.tenantId },
    });
    expect(activation.statusCode).toBe(403);
    expect(await api.stored(owner.tenantId, pending.userId)).toMatchObject({ status: 'INACTIVE' });
    expect(pendingToken).toBeTruthy();
  });

  it('an activation that read the row as pending before an admin made it INACTIVE changes nothing', async () => {
    const body = createBody();
    const row = (await api.create(owner.token, body)).json() as TenantUser;
    const target = await findCallerRow(app.db, (await api.firebaseUser(body.email))?.uid ?? '', owner.tenantId);
    expect(target?.status).toBe('PENDING_VERIFICATION');
    expect((await api.update(owner.token, row.userId, sameBody(row, { status: 'INACTIVE' }))).statusCode).toBe(200);
    if (!target) throw new Error('no row');
    expect(await activate(app.db, owner.tenantId, target, uniquePhone())).toBe('INACTIVE');
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ status: 'INACTIVE', phone: body.phone });
  });

  it('DELETE removes the row, the account and its Firebase user when no other tenant holds it', async () => {
    const body = createBody();
    const row = (await api.create(owner.token, body)).json() as TenantUser;
    const res = await api.remove(owner.token, row.userId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await api.stored(owner.tenantId, row.userId)).toBeUndefined();
    expect(await api.accountExists(row.userId)).toBe(false);
    expect(await api.firebaseUser(body.email)).toBeUndefined();
    expect((await api.remove(owner.token, row.userId)).statusCode).toBe(404);
  });

  it('GET pages, filters (names, full name, e-mail, literal wildcards) and sorts on the server', async () => {
    const boss = await activeOwner(app);
    const tag = `zq${Date.now().toString(36)}`;
    const names = ['Alma', 'Bruno', 'Carla', 'Dario', 'Elena', 'Fabio', 'Gaia'];
    for (const [i, firstName] of names.entries()) {
      const res = await api.create(
        boss.token,
        createBody({ firstName, lastName: i < 3 ? `${tag}son` : 'Other', email: newEmail(i === 6 ? tag : 'x') }),
      );
      expect(res.statusCode).toBe(201);
    }
    const page0 = (await api.list(boss.token)).json() as TenantUsersPage;
    expect(page0).toMatchObject({ totalElements: 8, totalPages: 2, number: 0, size: 5, numberOfElements: 5 });
    expect(page0).toMatchObject({ first: true, last: false });
    // Newest first by default.
    expect(page0.content.map((r) => r.firstName)).toEqual(['Gaia', 'Fabio', 'Elena', 'Dario', 'Carla']);
    const page1 = (await api.list(boss.token, '?page=1&size=5')).json() as TenantUsersPage;
    expect(page1).toMatchObject({ numberOfElements: 3, first: false, last: true });
    expect(page1.content.map((r) => r.firstName)).toEqual(['Bruno', 'Alma', 'Ada']);

    const byLast = (await api.list(boss.token, `?filter=${tag.toUpperCase()}SON`)).json() as TenantUsersPage;
    expect(byLast.totalElements).toBe(3);
    const byEmailOrName = (await api.list(boss.token, `?filter=${tag}`)).json() as TenantUsersPage;
    expect(byEmailOrName.totalElements).toBe(4);
    const full = (await api.list(boss.token, `?filter=${encodeURIComponent(`bruno ${tag}`)}`)).json();
    expect(full.content.map((r: TenantUser) => r.firstName)).toEqual(['Bruno']);
    expect((await api.list(boss.token, '?filter=%25')).json().totalElements).toBe(0);
    expect((await api.list(boss.token, '?filter=_')).json().totalElements).toBe(0);

    const sorted = (await api.list(boss.token, '?sortBy=firstName&direction=asc&size=3')).json() as TenantUsersPage;
    expect(sorted.content.map((r) => r.firstName)).toEqual(['Ada', 'Alma', 'Bruno']);
    expect(sorted.totalPages).toBe(3);
    const byRole = (await api.list(boss.token, '?sortBy=role&direction=desc&size=1')).json() as TenantUsersPage;
    expect(byRole.content[0]?.role).toBe('staff');
    // Another tenant's list never shows these.
    expect((await api.list(owner.token, `?filter=${tag}`)).json().totalElements).toBe(0);
  });
});
