import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addMember, business, insertTiers } from '../../../test/support/members';
import { promotionBody, promotionsApi } from '../../../test/support/promotions';

/** The promotions list (docs/design.md §10): admin and owner write, every role reads, bad input at its field. */
describe('the promotions list', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  const api = () => promotionsApi(app);

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
  });
  afterAll(() => app?.close());

  it('creates, reads, replaces and deletes a promotion, each in the audit trail', async () => {
    const made = await api().create(
      biz.admin,
      promotionBody({
        factor: 2.5,
        minAmount: 20,
        days: ['SAT', 'TUE'],
        fromTime: '22:00',
        toTime: '02:00',
        validFrom: '2026-12-01T00:00:00+08:00',
        validTo: '2027-01-01T00:00:00+08:00',
        tierIds: [tiers.gold, tiers.gold],
        branchIds: ['central'],
        perMemberLimit: 3,
      }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    expect(made.json()).toMatchObject({
      name: 'Double points',
      nameZh: '雙倍積分',
      nameCn: '双倍积分',
      kind: 'MULTIPLIER',
      factor: 2.5,
      bonusPoints: null,
      minAmount: 20,
      // In the week's order, whatever order they came in.
      days: ['TUE', 'SAT'],
      fromTime: '22:00',
      toTime: '02:00',
      validFrom: '2026-11-30T16:00:00.000Z',
      validTo: '2026-12-31T16:00:00.000Z',
      tierIds: [tiers.gold],
      branchIds: ['central'],
      perMemberLimit: 3,
      active: true,
      timesApplied: 0,
      pointsGiven: 0,
    });
    expect((await api().get(biz.staff, id)).json().name).toBe('Double points');
    expect((await api().list(biz.staff)).json().map((p: { id: string }) => p.id)).toContain(id);
    const edited = await api().update(
      biz.owner,
      id,
      promotionBody({ kind: 'BONUS', bonusPoints: 50, name: '50 bonus points', active: false }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      kind: 'BONUS',
      factor: null,
      bonusPoints: 50,
      days: null,
      fromTime: null,
      tierIds: [],
      branchIds: [],
      active: false,
    });
    expect((await api().remove(biz.owner, id)).statusCode).toBe(204);
    expect((await api().get(biz.owner, id)).statusCode).toBe(404);
    expect((await api().update(biz.owner, id, promotionBody())).statusCode).toBe(404);
    const audit = await app.inject({ url: '/api/tenants/audit?size=50', headers: bearer(biz.owner) });
    const actions = audit.json().content.filter((e: { targetId?: string }) => JSON.stringify(e).includes(id));
    expect(actions.map((e: { action: string }) => e.action).sort()).toEqual([
      'promotion.create',
      'promotion.delete',
      'promotion.update',
    ]);
  });

  it('staff read but may not write, simulate or delete (403)', async () => {
    expect((await api().list(biz.staff)).statusCode).toBe(200);
    expect((await api().create(biz.staff, promotionBody())).statusCode).toBe(403);
    expect((await api().simulate(biz.staff, { promotion: promotionBody() })).statusCode).toBe(403);
  });

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['a factor below 1.1', { factor: 1 }, 'factor'],
    ['a factor above 10', { factor: 10.5 }, 'factor'],
    ['a factor not in tenths', { factor: 2.25 }, 'factor'],
    ['a multiplier without a factor', { factor: null }, 'factor'],
    ['a bonus without points', { kind: 'BONUS' }, 'bonusPoints'],
    ['a bonus of 0', { kind: 'BONUS', bonusPoints: 0 }, 'bonusPoints'],
    ['a bonus above 100,000', { kind: 'BONUS', bonusPoints: 100_001 }, 'bonusPoints'],
    ['a bonus not whole', { kind: 'BONUS', bonusPoints: 1.5 }, 'bonusPoints'],
    ['an unknown kind', { kind: 'CASHBACK' }, 'kind'],
    ['a minimum with three decimals', { minAmount: 1.005 }, 'minAmount'],
    ['a negative minimum', { minAmount: -1 }, 'minAmount'],
    ['no day', { days: [] }, 'days'],
    ['an unknown day', { days: ['MON', 'XYZ'] }, 'days.1'],
    ['a time past 23:59', { fromTime: '24:00' }, 'fromTime'],
    ['a time without minutes', { toTime: '9' }, 'toTime'],
    ['the same start and end time', { fromTime: '10:00', toTime: '10:00' }, 'toTime'],
    ['a date that is not one', { validFrom: 'tomorrow' }, 'validFrom'],
    ['an end before the start', { validFrom: '2026-12-02T00:00:00Z', validTo: '2026-12-01T00:00:00Z' }, 'validTo'],
    ['a limit of 0', { perMemberLimit: 0 }, 'perMemberLimit'],
    ['a bad branch id', { branchIds: ['no spaces'] }, 'branchIds.0'],
  ])('refuses %s at its field (400)', async (_label, change, field) => {
    const res = await api().create(biz.admin, promotionBody(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });

  it("refuses another business's tier at its field", async () => {
    const other = await business(app);
    const theirs = await insertTiers(app, other.tenantId);
    const res = await api().create(biz.admin, promotionBody({ tierIds: [theirs.gold] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ tierIds: 'Choose tiers of this business' });
  });

  it("another business's promotion is not found; the preview needs a member of this business", async () => {
    const other = await business(app);
    const theirs = await api().create(other.owner, promotionBody());
    expect((await api().get(biz.owner, theirs.json().id)).statusCode).toBe(404);
    expect((await api().remove(biz.owner, theirs.json().id)).statusCode).toBe(404);
    const member = await addMember(app, other.owner);
    expect((await api().preview(biz.staff, member, { amount: 10 })).statusCode).toBe(404);
    const bad = await api().preview(biz.staff, member, { amount: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['amount']);
  });
});
