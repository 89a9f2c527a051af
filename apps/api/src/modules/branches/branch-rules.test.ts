import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addBranch, branchBody, branchesApi, staffAt } from '../../../test/support/branches';
import { addMember, business, insertSettings, membersApi } from '../../../test/support/members';
import { addReward, rewardsApi } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { pointsLedger, rewardRedemptions } from '../../db/schema';

type Biz = Awaited<ReturnType<typeof business>>;

/** Where each write records its branch, and who may name which (docs/design.md §10 "Branches"). */
describe('branches: the branch of every write', () => {
  let app: FastifyInstance;
  let b: Biz;
  let central: string;
  let kowloon: string;
  let closed: string;
  let mia: string;
  const purchase = (token: string, body: Record<string, unknown> = {}, memberId = mia) =>
    membersApi(app).record(token, memberId, { type: 'PURCHASE', amount: 10, ...body });
  const branchOfEntry = async (id: string) =>
    (await app.database.db.select().from(pointsLedger).where(eq(pointsLedger.id, id)))[0]?.branchId;

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
    await insertSettings(app, b.tenantId);
    mia = await addMember(app, b.owner);
  });
  afterAll(() => app.close());

  it('a business without branches never asks for one', async () => {
    const staff = await purchase(b.staff);
    expect(staff.statusCode, staff.body).toBe(201);
    expect(staff.json().entry.branchId).toBeUndefined();
    expect(await branchOfEntry(staff.json().entry.id)).toBeNull();
  });

  it('once branches exist: staff bound to one record there; to several they must name one; another is refused', async () => {
    central = await addBranch(app, b.owner, { name: 'Central' });
    kowloon = await addBranch(app, b.owner, { name: 'Kowloon' });
    closed = await addBranch(app, b.owner, { name: 'Closed', active: false });

    const one = await staffAt(app, b.tenantId, [central]);
    const atCentral = await purchase(one.token);
    expect(atCentral.statusCode, atCentral.body).toBe(201);
    expect(atCentral.json().entry.branchId).toBe(central);
    expect(await branchOfEntry(atCentral.json().entry.id)).toBe(central);

    const elsewhere = await purchase(one.token, { branchId: kowloon });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ error: 'BRANCH_NOT_ALLOWED', errors: { branchId: expect.any(String) } });

    const two = await staffAt(app, b.tenantId, [central, kowloon]);
    const unnamed = await purchase(two.token);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ error: 'BRANCH_REQUIRED', errors: { branchId: expect.any(String) } });
    const named = await purchase(two.token, { branchId: kowloon });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().entry.branchId).toBe(kowloon);

    // Staff bound to no branch may record at every one, and must say which.
    const unbound = await purchase(b.staff);
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json().error).toBe('BRANCH_REQUIRED');
    expect((await purchase(b.staff, { branchId: central })).statusCode).toBe(201);
  });

  it('owners and admins name any branch or none; an inactive one is refused; another business’s is not found', async () => {
    const none = await purchase(b.owner);
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().entry.branchId).toBeUndefined();
    const any = await purchase(b.admin, { branchId: kowloon });
    expect(any.json().entry.branchId).toBe(kowloon);

    const inactive = await purchase(b.owner, { branchId: closed });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe('BRANCH_INACTIVE');

    const other = await business(app);
    const theirs = await addBranch(app, other.owner);
    const foreign = await purchase(b.owner, { branchId: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('BRANCH_NOT_FOUND');
    const unknown = await purchase(b.owner, { branchId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
  });

  it('an API key names any branch or none', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(b.owner),
      payload: { name: 'Till', scopes: ['transactions:write'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = { authorization: `Bearer ${made.json().key}` };
    const at = (payload: object) =>
      app.inject({ method: 'POST', url: `/api/tenants/member/${mia}/transactions`, headers: key, payload });
    const none = await at({ type: 'PURCHASE', amount: 5 });
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json().entry.branchId).toBeUndefined();
    const named = await at({ type: 'PURCHASE', amount: 5, branchId: central });
    expect(named.json().entry.branchId).toBe(central);
  });

  it('redemptions, reversals and refunds record the branch where they are made', async () => {
    const one = await staffAt(app, b.tenantId, [kowloon]);
    const bought = await purchase(b.owner, { amount: 100, branchId: central });
    const purchaseId = bought.json().entry.id;

    const refund = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/transactions/${purchaseId}/refund`,
      headers: bearer(one.token),
      payload: { amount: 10 },
    });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().entry.branchId).toBe(kowloon);

    const redeem = await membersApi(app).record(one.token, mia, { type: 'REDEEM', points: 50 });
    expect(redeem.statusCode, redeem.body).toBe(201);
    expect(redeem.json().entry.branchId).toBe(kowloon);

    const reversal = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/transactions/${redeem.json().entry.id}/reversal`,
      headers: bearer(b.admin),
      payload: { branchId: central },
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    expect(reversal.json().entry.branchId).toBe(central);

    // A reversal with no body at all, by staff bound to one branch: recorded there.
    const again = await purchase(one.token, { amount: 3 });
    const bare = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/transactions/${again.json().entry.id}/reversal`,
      headers: bearer(one.token),
    });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json().entry.branchId).toBe(kowloon);

    const refused = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/transactions/${purchaseId}/refund`,
      headers: bearer(one.token),
      payload: { amount: 1, branchId: central },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('a reward redemption records its branch, on the redemption and its entry', async () => {
    const rewardId = await addReward(app, b.owner, { pointsCost: 10 });
    const one = await staffAt(app, b.tenantId, [central]);
    const redeemed = await rewardsApi(app).redeem(one.token, mia, rewardId);
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const { redemption } = redeemed.json();
    expect(redemption.branchId).toBe(central);
    const [row] = await app.database.db.select().from(rewardRedemptions).where(eq(rewardRedemptions.id, redemption.id));
    expect(row?.branchId).toBe(central);

    const named = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/rewards/${rewardId}/redeem`,
      headers: bearer(b.owner),
      payload: { branchId: kowloon },
    });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().redemption.branchId).toBe(kowloon);
    const notMine = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${mia}/rewards/${rewardId}/redeem`,
      headers: bearer(one.token),
      payload: { branchId: kowloon },
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('a branch an entry names cannot be deleted (409 BRANCH_IN_USE) but can be deactivated', async () => {
    const used = await branchesApi(app).remove(b.owner, central);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe('BRANCH_IN_USE');
    expect((await branchesApi(app).get(b.owner, central)).json().inUse).toBe(true);
    const off = await branchesApi(app).update(b.owner, central, branchBody({ name: 'Central', active: false }));
    expect(off.statusCode).toBe(200);
    // Deactivated, nobody records there any more.
    expect((await purchase(b.owner, { branchId: central })).json().error).toBe('BRANCH_INACTIVE');
    await branchesApi(app).update(b.owner, central, branchBody({ name: 'Central', active: true }));
  });

  it('the member’s ledger and the staff activity report filter by branch', async () => {
    const ledger = await membersApi(app).ledger(b.owner, mia, `?branchId=${kowloon}&size=100`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    const entries = ledger.json().content as { branchId?: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.branchId === kowloon)).toBe(true);

    const one = await staffAt(app, b.tenantId, [kowloon]);
    await purchase(one.token, { amount: 40 });
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = (branchId: string) =>
      app.inject({
        url: `/api/tenants/reports/staff-activity?from=${yesterday}&to=${tomorrow}&branchId=${branchId}`,
        headers: bearer(b.owner),
      });
    const atKowloon = await report(kowloon);
    expect(atKowloon.statusCode, atKowloon.body).toBe(200);
    const row = atKowloon.json().rows.find((r: { userId: string }) => r.userId === one.accountId);
    expect(row).toMatchObject({ purchases: 1, amount: 40 });
    const atCentral = await report(central);
    const none = atCentral.json().rows.find((r: { userId: string }) => r.userId === one.accountId);
    expect(none).toMatchObject({ purchases: 0 });
    expect(today).toBeTruthy();
  });

  // Last: from here on the business runs a stamp card (each purchase above would have added a stamp).
  it('stamps at the counter follow the purchase’s rules; a purchase’s stamps and a reversal record their branch', async () => {
    const stamps = stampsApi(app);
    const rewardId = await addReward(app, b.owner, { pointsCost: 10 });
    expect((await stamps.save(b.owner, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    const ivy = await addMember(app, b.owner);
    const cardOf = async () => (await membersApi(app).get(b.owner, ivy)).json().stamps as number;
    const branchOfStamps = async (entryId: string) =>
      (await stamps.list(b.owner, ivy)).json().content.find((e: { id: string }) => e.id === entryId)?.branchId;
    const refusedWith = (res: { statusCode: number; json: () => unknown }, status: number, error: string) => {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error, errors: { branchId: expect.any(String) } });
    };

    const one = await staffAt(app, b.tenantId, [central]);
    const here = await stamps.add(one.token, ivy, { count: 1 });
    expect(here.statusCode, here.body).toBe(201);
    expect(await branchOfStamps(here.json().entryId)).toBe(central);
    refusedWith(await stamps.add(one.token, ivy, { count: 1, branchId: kowloon }), 403, 'BRANCH_NOT_ALLOWED');

    const two = await staffAt(app, b.tenantId, [central, kowloon]);
    refusedWith(await stamps.add(two.token, ivy, { count: 1 }), 400, 'BRANCH_REQUIRED');
    refusedWith(await stamps.add(b.staff, ivy, { count: 1 }), 400, 'BRANCH_REQUIRED');
    const named = await stamps.add(two.token, ivy, { count: 1, branchId: kowloon });
    expect(named.statusCode, named.body).toBe(201);
    expect(await branchOfStamps(named.json().entryId)).toBe(kowloon);

    refusedWith(await stamps.add(b.owner, ivy, { count: 1, branchId: closed }), 409, 'BRANCH_INACTIVE');
    const other = await business(app);
    const theirs = await addBranch(app, other.owner);
    refusedWith(await stamps.add(b.admin, ivy, { count: 1, branchId: theirs }), 404, 'BRANCH_NOT_FOUND');
    refusedWith(await stamps.add(b.owner, ivy, { count: 1, branchId: randomUUID() }), 404, 'BRANCH_NOT_FOUND');
    // A refusal records nothing: two stamps so far.
    expect(await cardOf()).toBe(2);
    const none = await stamps.add(b.owner, ivy, { count: 1 });
    expect(none.statusCode, none.body).toBe(201);
    expect(await branchOfStamps(none.json().entryId)).toBeNull();

    // The stamp of a purchase records the purchase's branch; reversing the stamps records where it is done.
    const bought = await purchase(one.token, {}, ivy);
    expect(bought.statusCode, bought.body).toBe(201);
    const entries = (await stamps.list(b.owner, ivy)).json().content as { type: string; branchId: string | null }[];
    expect(entries.find((e) => e.type === 'PURCHASE')?.branchId).toBe(central);
    const atKowloon = await staffAt(app, b.tenantId, [kowloon]);
    const reversing = async (token: string, payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/api/tenants/member/${ivy}/stamps/${named.json().entryId}/reversal`,
        headers: bearer(token),
        ...(payload ? { payload } : {}),
      });
    refusedWith(await reversing(atKowloon.token, { branchId: central }), 403, 'BRANCH_NOT_ALLOWED');
    const reversed = await reversing(atKowloon.token);
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(await branchOfStamps(reversed.json().entryId)).toBe(kowloon);

    // A branch only stamp entries name is in use too: deactivated, never deleted.
    const stall = await addBranch(app, b.owner, { name: 'Market stall' });
    expect((await stamps.add(b.owner, ivy, { count: 1, branchId: stall })).statusCode).toBe(201);
    const used = await branchesApi(app).remove(b.owner, stall);
    expect(used.statusCode).toBe(409);
    expect(used.json().error).toBe('BRANCH_IN_USE');
  });
});
