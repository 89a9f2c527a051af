import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers';
import { business, insertSettings } from '../../../test/support/members';
import {
  DAY,
  delivered,
  listenAll,
  memberWhoSpent,
  passOf,
  setMember,
  tierApi,
  tierOf,
} from '../../../test/support/tier-review';
import { webhookTestApp } from '../../../test/support/webhooks';
import { membershipTiers } from '../../db/schema';

const URL = '/api/memberships';

/** Waits for `check` to hold (the queued job runs within seconds); answers its last value. */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * A tier created, changed or deleted re-places every member it concerns at once (docs/design.md §9: the daily
 * review's logic run by a queued job), each move a `tier.changed` webhook and a pass update. Tiers with gaps
 * between them: Basic [0, 500), Silver [500, 1000), Gold [3000, ∞).
 */
describe('a tier change re-places members at once', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await webhookTestApp();
  });
  afterAll(() => app.close());

  async function shop() {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const tier = (name: string, min: string, max: string | null, sortOrder: number, isActive = true) => ({
      id: randomUUID(),
      tenantId: biz.tenantId,
      name,
      color: '#888888',
      minSpendAmount: min,
      maxSpendAmount: max,
      sortOrder,
      isActive,
    });
    const rows = [tier('Basic', '0', '500', 0), tier('Silver', '500', '1000', 1), tier('Gold', '3000', null, 2)];
    await app.db.insert(membershipTiers).values(rows);
    await listenAll(app, biz.owner);
    const [basic, silver, gold] = rows.map((r) => r.id) as [string, string, string];
    return { ...biz, tiers: { basic, silver, gold } };
  }
  /** The member's tier once the job placed it in `tierId` (or the last seen after the wait). */
  const placedIn = async (member: string, tierId: string) =>
    (
      await until(
        () => tierOf(app, member),
        (m) => m?.tierId === tierId,
      )
    )?.tierId;
  const tierBody = async (token: string, id: string) =>
    (await app.inject({ url: `${URL}/${id}`, headers: bearer(token) })).json();
  const told = async (tenantId: string, memberId: string) =>
    (await delivered(app, tenantId, 'tier.changed')).filter((d) => d.memberId === memberId);
  /** The member's tier.changed webhooks from now on (their purchases' own came before). */
  const toldFromNow = async (tenantId: string, memberId: string) => {
    const before = (await told(tenantId, memberId)).length;
    return async () => (await told(tenantId, memberId)).slice(before);
  };

  it('a changed range moves the members it now holds, told by webhook and pass; others stay', async () => {
    const biz = await shop();
    const past = new Date(Date.now() - DAY);
    const between = await memberWhoSpent(app, biz.owner, 1500, past, 'Between');
    const silverMember = await memberWhoSpent(app, biz.owner, 700, past, 'Silvia');
    expect((await tierOf(app, between))?.tierId).toBeNull();
    expect((await tierOf(app, silverMember))?.tierId).toBe(biz.tiers.silver);
    const passUpdated = await passOf(app, biz.tenantId, between);
    const toldBetween = await toldFromNow(biz.tenantId, between);
    const toldSilver = await toldFromNow(biz.tenantId, silverMember);

    const gold = await tierBody(biz.admin, biz.tiers.gold);
    const { id: _id, ...body } = gold;
    const put = await app.inject({
      method: 'PUT',
      url: `${URL}/${biz.tiers.gold}`,
      headers: bearer(biz.admin),
      payload: { ...body, minSpendAmount: 1200 },
    });
    expect(put.statusCode).toBe(200);

    expect(await placedIn(between, biz.tiers.gold)).toBe(biz.tiers.gold);
    expect(await until(toldBetween, (d) => d.length > 0)).toEqual([
      { memberId: between, fromTierId: null, toTierId: biz.tiers.gold },
    ]);
    expect(await passUpdated()).toBeGreaterThan(new Date('2020-01-02').getTime());
    expect((await tierOf(app, silverMember))?.tierId).toBe(biz.tiers.silver);
    expect(await toldSilver()).toEqual([]);
  });

  it('a new tier takes in the members whose spend it holds', async () => {
    const biz = await shop();
    const past = new Date(Date.now() - DAY);
    const member = await memberWhoSpent(app, biz.owner, 2000, past, 'Gap');
    expect((await tierOf(app, member))?.tierId).toBeNull();
    const toldMember = await toldFromNow(biz.tenantId, member);

    const res = await app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(biz.owner),
      payload: { name: 'Silver Plus', color: '#aaaaaa', minSpendAmount: 1000, maxSpendAmount: 3000, isActive: true },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().id as string;

    expect(await placedIn(member, created)).toBe(created);
    expect(await until(toldMember, (d) => d.length > 0)).toEqual([
      { memberId: member, fromTierId: null, toTierId: created },
    ]);
  });

  it('a deleted tier re-places every member under the policy, as the daily review would', async () => {
    const biz = await shop();
    // One step down at a time, no grace: a member above their spend goes down one rung of the ladder.
    const policy = { basis: 'LIFETIME', downgrade: 'ONE_STEP', graceDays: 0 };
    expect((await tierApi(app).save(biz.owner, policy)).statusCode).toBe(200);
    const member = await memberWhoSpent(app, biz.owner, 100, new Date(Date.now() - DAY), 'Stale');
    // Holds Gold from before (a tier set by hand, since unpinned): the daily review would step it down.
    await setMember(app, member, { tierId: biz.tiers.gold });
    const toldMember = await toldFromNow(biz.tenantId, member);
    const unused = await app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(biz.owner),
      payload: { name: 'Retired', color: '#aaaaaa', minSpendAmount: 1000, maxSpendAmount: 2000, isActive: false },
    });
    expect(unused.statusCode).toBe(201);
    // The create's own job (an inactive tier) already stepped the member down once: Gold → Silver.
    expect(await placedIn(member, biz.tiers.silver)).toBe(biz.tiers.silver);

    const gone = await app.inject({
      method: 'DELETE',
      url: `${URL}/${unused.json().id}`,
      headers: bearer(biz.owner),
    });
    expect(gone.statusCode).toBe(204);
    // The delete's job: one more step, Silver → Basic.
    expect(await placedIn(member, biz.tiers.basic)).toBe(biz.tiers.basic);
    expect(await until(toldMember, (d) => d.length >= 2)).toEqual([
      { memberId: member, fromTierId: biz.tiers.gold, toTierId: biz.tiers.silver },
      { memberId: member, fromTierId: biz.tiers.silver, toTierId: biz.tiers.basic },
    ]);
  });
});
