import type { TenantUser } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniquePhone } from '../../../test/helpers';
import { addBranch } from '../../../test/support/branches';
import { addMember, business, membersApi } from '../../../test/support/members';
import { createBody, sameBody, usersApi } from '../../../test/support/users';
import { webhookEventsOf } from '../webhooks/events';

type Biz = Awaited<ReturnType<typeof business>>;

/** Team users bound to branches, members' home branches, and what webhooks say (docs/design.md §10). */
describe('branches: team users, members and webhooks', () => {
  let app: FastifyInstance;
  let b: Biz;
  let central: string;
  let kowloon: string;
  let theirs: string;

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
    central = await addBranch(app, b.owner, { name: 'Central' });
    kowloon = await addBranch(app, b.owner, { name: 'Kowloon' });
    const other = await business(app);
    theirs = await addBranch(app, other.owner);
  });
  afterAll(() => app.close());

  it('a team user is bound to branches; a body without branchIds keeps them; the list rows carry them', async () => {
    const users = usersApi(app);
    const made = await users.create(b.owner, createBody({ branchIds: [central] }));
    expect(made.statusCode, made.body).toBe(201);
    const row = made.json();
    expect(row.branchIds).toEqual([central]);

    // The spec's edit dialog sends no branchIds: they stay.
    const edited = await users.update(b.owner, row.userId, sameBody(row, { firstName: 'Ada' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ firstName: 'Ada', branchIds: [central] });

    const moved = await users.update(b.admin, row.userId, sameBody(row, { branchIds: [kowloon, central] }));
    expect(moved.json().branchIds).toEqual([kowloon, central]);
    const list = await users.list(b.owner, '?size=100');
    const listed = list.json().content.find((u: { userId: string }) => u.userId === row.userId);
    expect(listed.branchIds).toEqual([kowloon, central]);

    const everywhere = await users.update(b.owner, row.userId, sameBody(row, { branchIds: [] }));
    expect(everywhere.json().branchIds).toEqual([]);
  });

  it('GET /api/members/me names the branches a staff user records at; owners and admins any ([])', async () => {
    const me = (token: string) =>
      app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(b.owner)).json().branchIds).toEqual([]);
    const staffId = (await me(b.staff)).json().userId;
    const listed = await usersApi(app).list(b.owner, '?size=100');
    const staff = (listed.json().content as TenantUser[]).find((u) => u.userId === staffId);
    if (!staff) throw new Error('the business has no staff user');
    const bound = await usersApi(app).update(
      b.owner,
      staff.userId,
      sameBody(staff, { branchIds: [kowloon], phone: staff.phone || uniquePhone() }),
    );
    expect(bound.statusCode, bound.body).toBe(200);
    expect((await me(b.staff)).json()).toMatchObject({ role: 'staff', branchIds: [kowloon] });
  });

  it('another business’s branch cannot be given to a team user (404 at the field)', async () => {
    const users = usersApi(app);
    const made = await users.create(b.owner, createBody({ branchIds: [theirs] }));
    expect(made.statusCode).toBe(404);
    expect(made.json()).toMatchObject({ error: 'BRANCH_NOT_FOUND', errors: { branchIds: expect.any(String) } });
    const list = await users.list(b.owner, '?size=100');
    const row = list.json().content.find((u: { role: string }) => u.role === 'staff');
    const edited = await users.update(b.owner, row.userId, sameBody(row, { branchIds: [central, theirs] }));
    expect(edited.statusCode).toBe(404);
  });

  it('a member has a home branch: kept when a body leaves it out, changed or cleared, filtered on', async () => {
    const api = membersApi(app);
    const mia = await addMember(app, b.owner, { firstName: 'Mia', homeBranchId: central });
    const ken = await addMember(app, b.owner, { firstName: 'Ken', homeBranchId: kowloon });
    expect((await api.get(b.owner, mia)).json().homeBranchId).toBe(central);

    const kept = await api.update(b.owner, mia, { firstName: 'Mia', lastName: 'Chen', status: 'active' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await api.get(b.owner, mia)).json().homeBranchId).toBe(central);

    const atCentral = await api.list(b.staff, `?branchId=${central}`);
    expect(atCentral.json().content.map((m: { userId: string }) => m.userId)).toEqual([mia]);
    const atKowloon = await api.list(b.staff, `?branchId=${kowloon}`);
    expect(atKowloon.json().content.map((m: { userId: string }) => m.userId)).toEqual([ken]);

    const moved = await api.update(b.owner, mia, {
      firstName: 'Mia',
      lastName: 'Chen',
      status: 'active',
      homeBranchId: kowloon,
    });
    expect(moved.statusCode).toBe(200);
    expect((await api.get(b.owner, mia)).json().homeBranchId).toBe(kowloon);
    await api.update(b.owner, mia, { firstName: 'Mia', lastName: 'Chen', status: 'active', homeBranchId: null });
    expect((await api.get(b.owner, mia)).json().homeBranchId).toBeUndefined();

    const foreign = await api.update(b.owner, ken, {
      firstName: 'Ken',
      lastName: 'Chen',
      status: 'active',
      homeBranchId: theirs,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errors).toEqual({ homeBranchId: 'Branch not found' });
  });

  it('webhook payloads carry the branch of the entry', () => {
    const figures = { balance: 10, lifetimeSpend: 1, tierId: null };
    const [earned] = webhookEventsOf([
      {
        type: 'entry.recorded',
        memberId: 'm1',
        entry: {
          id: 'e1',
          type: 'PURCHASE',
          points: 10,
          amount: '1.00',
          reason: null,
          reversesId: null,
          branchId: central,
        },
        expired: 0,
        balanceBeforeEntry: 0,
        before: { ...figures, balance: 0 },
        after: figures,
        expiresAt: null,
        recordedBy: null,
      },
    ]);
    expect(earned).toMatchObject({ type: 'points.earned', data: { entryId: 'e1', branchId: central } });
  });
});
