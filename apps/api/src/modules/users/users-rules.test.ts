import type { TenantUser } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { activeOwner, type RegisteredOwner } from '../../../test/onboarding-helpers';
import { createBody, passwordAccepted, sameBody, usersApi } from '../../../test/support/users';

describe('team users: who may do what, and bad input', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof usersApi>;
  let owner: RegisteredOwner;
  let ownerRow: TenantUser;
  beforeAll(async () => {
    app = await buildTestApp();
    api = usersApi(app);
    owner = await activeOwner(app);
    ownerRow = (await api.list(owner.token)).json().content[0];
  });
  afterAll(() => app.close());

  it('staff reads the list but every write is 403 and changes nothing', async () => {
    const staff = await api.activeTeamUser(owner.token, 'STAFF');
    const victim = (await api.create(owner.token, createBody())).json() as TenantUser;
    const list = await api.list(staff.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().totalElements).toBeGreaterThanOrEqual(3);

    const created = await api.create(staff.token, createBody());
    expect(created.statusCode).toBe(403);
    const before = list.json().totalElements;
    expect((await api.list(owner.token)).json().totalElements).toBe(before);

    const updated = await api.update(staff.token, victim.userId, sameBody(victim, { firstName: 'Changed' }));
    expect(updated.statusCode).toBe(403);
    const removed = await api.remove(staff.token, victim.userId);
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ status: 403, message: expect.any(String) });
    expect(await api.stored(owner.tenantId, victim.userId)).toMatchObject({ firstName: 'Grace' });
  });

  it('an admin writes team users but may neither edit nor delete the owner, nor delete themself', async () => {
    const admin = await api.activeTeamUser(owner.token, 'ADMIN');
    const made = await api.create(admin.token, createBody());
    expect(made.statusCode).toBe(201);
    const row = made.json() as TenantUser;
    expect((await api.update(admin.token, row.userId, sameBody(row, { lastName: 'Edited' }))).statusCode).toBe(200);

    const editOwner = await api.update(admin.token, ownerRow.userId, sameBody(ownerRow, { firstName: 'Mallory' }));
    expect(editOwner.statusCode).toBe(403);
    expect((await api.remove(admin.token, ownerRow.userId)).statusCode).toBe(403);
    expect(await api.stored(owner.tenantId, ownerRow.userId)).toMatchObject({ role: 'owner', firstName: 'Ada' });

    const self = await api.remove(admin.token, admin.row.userId);
    expect(self.statusCode).toBe(403);
    expect(await api.stored(owner.tenantId, admin.row.userId)).toMatchObject({ role: 'admin' });
    expect((await api.remove(admin.token, row.userId)).statusCode).toBe(204);
  });

  it('the owner cannot edit or delete their own row either', async () => {
    const edit = await api.update(owner.token, ownerRow.userId, sameBody(ownerRow, { firstName: 'Self' }));
    expect(edit.statusCode).toBe(403);
    expect((await api.remove(owner.token, ownerRow.userId)).statusCode).toBe(403);
    expect(await api.stored(owner.tenantId, ownerRow.userId)).toMatchObject({ role: 'owner', firstName: 'Ada' });
  });

  it('nobody is made owner: OWNER is refused as a role on create and update', async () => {
    const row = (await api.create(owner.token, createBody())).json() as TenantUser;
    const up = await api.update(owner.token, row.userId, sameBody(row, { role: 'OWNER' }));
    expect(up.statusCode).toBe(400);
    expect(up.json().errors).toEqual({ role: 'Role must be ADMIN or STAFF' });
    const post = await api.create(owner.token, createBody({ role: 'owner' }));
    expect(post.statusCode).toBe(400);
    expect(post.json().errors).toEqual({ role: 'Role must be ADMIN or STAFF' });
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ role: 'staff' });
  });

  it('another tenant cannot PUT or DELETE this tenant’s user by id: 404, nothing changed', async () => {
    const body = createBody();
    const row = (await api.create(owner.token, body)).json() as TenantUser;
    const intruder = await activeOwner(app);
    const put = await api.update(
      intruder.token,
      row.userId,
      sameBody(row, { firstName: 'Hijacked', newPassword: 'stolen-pass-1' }),
    );
    expect(put.statusCode).toBe(404);
    const del = await api.remove(intruder.token, row.userId);
    expect(del.statusCode).toBe(404);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ firstName: 'Grace', status: row.status });
    expect(await passwordAccepted(body.email, body.password)).toBe(true);
    // Naming the victim tenant in the header does not help either.
    const viaHeader = await app.inject({
      method: 'DELETE',
      url: `/api/tenants/users/${row.userId}/permanent`,
      headers: { authorization: `Bearer ${intruder.token}`, 'x-tenant-id': owner.tenantId },
    });
    expect(viaHeader.statusCode).toBe(403);
    expect(await api.accountExists(row.userId)).toBe(true);
  });

  it('a bad create body names every field with the spec messages', async () => {
    const res = await api.create(owner.token, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Invalid email',
      phone: 'Invalid phone (use + country code)',
      role: 'Required',
      password: 'Password must be at least 8 characters',
    });
    const wrong = await api.create(owner.token, {
      firstName: '  ',
      lastName: '',
      email: 'not-an-email',
      phone: '0123',
      role: 'boss',
      password: 'short',
    });
    expect(wrong.json().errors).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Invalid email',
      phone: 'Invalid phone (use + country code)',
      role: 'Role must be ADMIN or STAFF',
      password: 'Password must be at least 8 characters',
    });
  });

  it('a bad update body names every field, a short new password included; an empty one means no change', async () => {
    const body = createBody();
    const row = (await api.create(owner.token, body)).json() as TenantUser;
    const res = await api.update(owner.token, row.userId, { newPassword: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'Required',
      lastName: 'Required',
      email: 'Invalid email',
      phone: 'Invalid phone (use + country code)',
      role: 'Required',
      status: 'Required',
      newPassword: 'Password must be at least 8 characters',
    });
    const pendingByHand = await api.update(owner.token, row.userId, {
      ...sameBody(row),
      status: 'PENDING_VERIFICATION',
    });
    expect(pendingByHand.statusCode).toBe(400);
    expect(pendingByHand.json().errors).toEqual({ status: 'Required' });
    const empty = await api.update(owner.token, row.userId, sameBody(row, { newPassword: '' }));
    expect(empty.statusCode).toBe(200);
    expect(await passwordAccepted(body.email, body.password)).toBe(true);
    expect(await api.stored(owner.tenantId, row.userId)).toMatchObject({ status: 'ACTIVE' });
  });

  it('bad list queries name the field; no request gets a 500', async () => {
    const cases: [string, string][] = [
      ['?size=0', 'size'],
      ['?size=101', 'size'],
      ['?page=-1', 'page'],
      ['?sortBy=password', 'sortBy'],
      ['?direction=up', 'direction'],
      [`?filter=${'x'.repeat(101)}`, 'filter'],
      ['?filter=%01', 'filter'],
    ];
    for (const [query, field] of cases) {
      const res = await api.list(owner.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    const badId = await api.update(owner.token, 'not_an_id', sameBody(ownerRow));
    expect(badId.statusCode).toBe(400);
  });
});
