import { randomUUID } from 'node:crypto';
import { REWARD_MESSAGES } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { importTestApp } from '../../../test/support/member-files';
import { addMember, business, insertSettings, membersApi } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { eventually } from '../../../test/support/wallet';
import {
  automationFirings,
  members,
  messages,
  messageTargets,
  pointsLedger,
  rewardRedemptions,
  scheduledRuns,
} from '../../db/schema';
import { runDailyAutomations } from './daily';

const DAY = 86_400_000;

/** Automations (docs/design.md §10), each in a business of its own, the daily run driven by a clock of the test's. */
describe('automations', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await importTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  const api = (token: string) => ({
    create: (payload: object) =>
      app.inject({ method: 'POST', url: '/api/tenants/automations', headers: bearer(token), payload }),
    update: (id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tenants/automations/${id}`, headers: bearer(token), payload }),
    list: () => app.inject({ url: '/api/tenants/automations', headers: bearer(token) }),
    remove: (id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/automations/${id}`, headers: bearer(token) }),
    preview: (automation: object) =>
      app.inject({
        method: 'POST',
        url: '/api/tenants/automations/preview',
        headers: bearer(token),
        payload: { automation },
      }),
    runs: (id: string, query = '') =>
      app.inject({ url: `/api/tenants/automations/${id}/runs${query}`, headers: bearer(token) }),
  });
  const newBusiness = async () => {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    return biz;
  };
  const daily = (tenantId: string, now: Date) =>
    runDailyAutomations(app.database.db, app.automations.fireDeps(), now, [tenantId]);
  const bonuses = (memberId: string) =>
    app.database.db
      .select({ points: pointsLedger.points, reasonCode: pointsLedger.reasonCode, type: pointsLedger.type })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.memberId, memberId),
          sql`(${pointsLedger.type} = 'BONUS' or ${pointsLedger.reasonCode} = 'REFERRAL_REVERSED')`,
        ),
      )
      // In the order they were written: without it PostgreSQL answers in heap order, which an update of a lot
      // (its points left) may change.
      .orderBy(pointsLedger.createdAt);
  const firings = (memberId: string) =>
    app.database.db.select().from(automationFirings).where(eq(automationFirings.memberId, memberId));
  const messagedTo = (memberId: string) =>
    app.database.db
      .select({ automationId: messages.automationId, text: messages.text })
      .from(messageTargets)
      .innerJoin(messages, eq(messages.id, messageTargets.messageId))
      .where(eq(messageTargets.memberId, memberId));
  const enrol = async (biz: { admin: string }, welcomePoints = 0) => {
    const slug = `auto-${randomUUID().slice(0, 8)}`;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.admin),
      payload: { enabled: true, slug, welcomePoints, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(res.statusCode).toBe(200);
    return slug;
  };
  const join = async (slug: string, phone: string, body: Record<string, unknown> = {}) => {
    const token = await signInWithPhone(phone);
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Kit', lastName: 'Yu', marketingOptIn: true, ...body },
    });
    return { res, token };
  };
  const memberOfPhone = async (tenantId: string, phone: string) => {
    const [row] = await app.database.db
      .select()
      .from(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.phone, phone)));
    return row as typeof members.$inferSelect;
  };

  it('one per kind (409 AUTOMATION_EXISTS), admin or owner only, field errors, WELCOME points mirror the enrolment', async () => {
    const biz = await newBusiness();
    await enrol(biz, 25);
    const made = await api(biz.admin).create({
      kind: 'WIN_BACK',
      active: true,
      days: 42,
      bonusPoints: 50,
      text: 'We miss you',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ kind: 'WIN_BACK', active: true, days: 42, bonusPoints: 50 });
    const again = await api(biz.owner).create({ kind: 'WIN_BACK', days: 30 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('AUTOMATION_EXISTS');
    expect((await api(biz.staff).list()).statusCode).toBe(403);
    expect((await api(biz.staff).create({ kind: 'BIRTHDAY' })).statusCode).toBe(403);
    const bad = await api(biz.admin).create({
      kind: 'NEAR_REWARD',
      pointsAway: 0,
      bonusPoints: 0,
      text: 'x'.repeat(161),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['bonusPoints', 'pointsAway', 'text']);
    const badDays = await api(biz.admin).create({ kind: 'BIRTHDAY', days: 31 });
    expect(badDays.json().errors.days).toBe('Days before the birthday must be a whole number from 0 to 30');
    const notOurs = await api(biz.admin).create({ kind: 'BIRTHDAY', rewardId: randomUUID() });
    expect(notOurs.json().errors.rewardId).toBe('Choose one of this business’s rewards');

    // WELCOME's points are the enrolment's welcome points: one value, either way.
    const welcome = await api(biz.admin).create({ kind: 'WELCOME', active: true });
    expect(welcome.json().bonusPoints).toBe(25);
    await api(biz.admin).update(welcome.json().id, { kind: 'WELCOME', active: true, bonusPoints: 40 });
    const enrolment = await app.inject({ url: '/api/tenants/enrolment', headers: bearer(biz.admin) });
    expect(enrolment.json().welcomePoints).toBe(40);
    const list = await api(biz.owner).list();
    expect(
      list
        .json()
        .map((a: { kind: string }) => a.kind)
        .sort(),
    ).toEqual(['WELCOME', 'WIN_BACK']);
    expect((await api(biz.admin).remove(made.json().id)).statusCode).toBe(204);
    expect((await api(biz.admin).list()).json()).toHaveLength(1);
  });

  it('BIRTHDAY fires once a year, across two daily runs and a restart; 29 February on 28 February; a gift; consent decides the message only', async () => {
    const biz = await newBusiness();
    const rewardId = await addReward(app, biz.admin, { name: 'Birthday cake' });
    const made = await api(biz.admin).create({
      kind: 'BIRTHDAY',
      active: true,
      days: 2,
      bonusPoints: 100,
      rewardId,
      text: 'Happy birthday!',
      textZh: '生日快樂！',
    });
    expect(made.statusCode).toBe(201);
    const consenting = await addMember(app, biz.admin, { birthday: '--03-12' });
    await app.database.db.update(members).set({ marketingOptIn: true }).where(eq(members.id, consenting));
    const withdrawn = await addMember(app, biz.admin, { birthday: '--03-12', lastName: 'Two' });
    const leap = await addMember(app, biz.admin, { birthday: '--02-29', lastName: 'Leap' });
    const other = await addMember(app, biz.admin, { birthday: '--03-13', lastName: 'Other' });

    // 2027-03-10: two days before 12 March.
    const at = new Date('2027-03-10T09:00:00Z');
    expect(await daily(biz.tenantId, at)).toEqual({ [biz.tenantId]: 2 });
    expect(await daily(biz.tenantId, new Date('2027-03-10T21:00:00Z'))).toEqual({});
    // A restart midway: the run's row unfinished, the run again, with the queue's deps made anew.
    await app.database.db
      .update(scheduledRuns)
      .set({ finishedAt: null })
      .where(and(eq(scheduledRuns.tenantId, biz.tenantId), eq(scheduledRuns.kind, 'automations')));
    expect(await daily(biz.tenantId, new Date('2027-03-10T22:00:00Z'))).toEqual({ [biz.tenantId]: 0 });
    expect(await bonuses(consenting)).toEqual([{ points: 100, reasonCode: 'AUTOMATION_BIRTHDAY', type: 'BONUS' }]);
    expect(await bonuses(withdrawn)).toEqual([{ points: 100, reasonCode: 'AUTOMATION_BIRTHDAY', type: 'BONUS' }]);
    expect(await bonuses(other)).toEqual([]);
    // Points and the gift to both; the message only to the one who consents.
    expect(await messagedTo(consenting)).toEqual([{ automationId: made.json().id, text: 'Happy birthday!' }]);
    expect(await messagedTo(withdrawn)).toEqual([]);
    const gifts = await app.database.db
      .select({
        state: rewardRedemptions.state,
        source: rewardRedemptions.source,
        ledgerId: rewardRedemptions.ledgerId,
      })
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.memberId, withdrawn));
    expect(gifts).toEqual([{ state: 'ISSUED', source: 'GIFT', ledgerId: null }]);
    // The next day's run treats the next birthdays, not these again; the next year treats them again.
    await daily(biz.tenantId, new Date('2027-03-11T09:00:00Z'));
    expect(await bonuses(other)).toHaveLength(1);
    expect(await bonuses(consenting)).toHaveLength(1);
    await daily(biz.tenantId, new Date('2028-03-10T09:00:00Z'));
    expect(await bonuses(consenting)).toHaveLength(2);
    // 29 February: on 28 February (two days before: the 26th) in 2027, a year without one.
    await daily(biz.tenantId, new Date('2027-02-26T09:00:00Z'));
    expect(await bonuses(leap)).toHaveLength(1);
    await daily(biz.tenantId, new Date('2027-02-27T09:00:00Z'));
    expect(await bonuses(leap)).toHaveLength(1);

    // The gift's reward cannot be deleted while the automation names it.
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/tenants/rewards/${rewardId}`,
      headers: bearer(biz.admin),
    });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ error: 'REWARD_IN_USE', message: REWARD_MESSAGES.inUseByAutomation });
    const runs = await api(biz.admin).runs(made.json().id, '?from=2027-03-01&to=2027-03-31');
    expect(runs.json().days).toEqual([
      { date: '2027-03-11', fired: 1, messaged: 0, points: 100 },
      { date: '2027-03-10', fired: 2, messaged: 1, points: 200 },
    ]);
  }, 60_000);

  it('WIN_BACK fires once per lapse: again only after a new visit and a new lapse; a reversed purchase is no visit', async () => {
    const biz = await newBusiness();
    await api(biz.admin).create({ kind: 'WIN_BACK', active: true, days: 30, bonusPoints: 20 });
    const id = await addMember(app, biz.admin);
    const staff = membersApi(app);
    expect((await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(201);
    const now = Date.now();
    await daily(biz.tenantId, new Date(now + 20 * DAY));
    expect(await firings(id)).toHaveLength(0);
    await daily(biz.tenantId, new Date(now + 31 * DAY));
    await daily(biz.tenantId, new Date(now + 32 * DAY));
    await daily(biz.tenantId, new Date(now + 33 * DAY));
    expect(await firings(id)).toHaveLength(1);
    // A purchase reversed is no visit: the lapse stays the same one.
    const bought = await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 1 });
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${id}/transactions/${bought.json().entry.id}/reversal`,
      headers: bearer(biz.staff),
    });
    expect(reversed.statusCode).toBe(201);
    await daily(biz.tenantId, new Date(now + 64 * DAY));
    expect(await firings(id)).toHaveLength(1);
    // A new visit, then a new lapse.
    await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 2 });
    await daily(biz.tenantId, new Date(now + 65 * DAY));
    expect(await firings(id)).toHaveLength(2);
    expect((await bonuses(id)).filter((b) => b.reasonCode === 'AUTOMATION_WIN_BACK')).toHaveLength(2);
  }, 60_000);

  it('WIN_BACK: a stamp is a visit, so a member who only collects stamps is no target until they lapse', async () => {
    const biz = await newBusiness();
    const rewardId = await addReward(app, biz.owner);
    const stamps = stampsApi(app);
    expect((await stamps.save(biz.admin, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    await api(biz.admin).create({ kind: 'WIN_BACK', active: true, days: 30, bonusPoints: 20 });
    // Both joined 60 days ago; one collected a stamp today, the other never came.
    const collector = await addMember(app, biz.admin);
    const away = await addMember(app, biz.admin);
    const now = Date.now();
    await app.database.db
      .update(members)
      .set({ createdAt: new Date(now - 60 * DAY) })
      .where(and(eq(members.tenantId, biz.tenantId), sql`${members.id} in (${collector}, ${away})`));
    expect((await stamps.add(biz.staff, collector, { count: 1 })).statusCode).toBe(201);
    await daily(biz.tenantId, new Date(now));
    expect(await firings(collector)).toHaveLength(0);
    expect(await firings(away)).toHaveLength(1);
    // A stamp reversed is no visit; the one kept lapses 30 days on.
    const undone = await stamps.add(biz.staff, collector, { count: 1 });
    expect((await stamps.reverse(biz.staff, collector, undone.json().entryId)).statusCode).toBe(201);
    await daily(biz.tenantId, new Date(now + 20 * DAY));
    expect(await firings(collector)).toHaveLength(0);
    await daily(biz.tenantId, new Date(now + 31 * DAY));
    expect(await firings(collector)).toHaveLength(1);
    expect((await bonuses(collector)).filter((b) => b.reasonCode === 'AUTOMATION_WIN_BACK')).toHaveLength(1);
  }, 60_000);

  it('NEAR_REWARD fires once per crossing into the band, again only after leaving it', async () => {
    const biz = await newBusiness();
    await addReward(app, biz.admin, { pointsCost: 100 });
    await api(biz.admin).create({ kind: 'NEAR_REWARD', active: true, pointsAway: 20, text: 'Almost a free coffee' });
    const id = await addMember(app, biz.admin);
    const staff = membersApi(app);
    const count = async () => (await firings(id)).length;
    await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 8.5 }); // 85 points: within 20 of 100
    expect(await eventually(async () => (await count()) === 1)).toBe(true);
    await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 0.5 }); // 90: still in the band
    await staff.record(biz.staff, id, { type: 'PURCHASE', amount: 2 }); // 110: out of it (can have it)
    await staff.record(biz.admin, id, { type: 'ADJUST', points: -25, reason: 'test' }); // 85: in again
    expect(await eventually(async () => (await count()) === 2)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await count()).toBe(2);
  }, 60_000);

  it('REFERRAL: a new phone by the invitation, on its first purchase, both get the bonus; a known phone, the own phone, past 10 a month: nothing; a reversal takes both back', async () => {
    const biz = await newBusiness();
    const slug = await enrol(biz);
    const made = await api(biz.admin).create({ kind: 'REFERRAL', active: true, bonusPoints: 30 });
    expect(made.statusCode).toBe(201);
    const inviterPhone = uniquePhone();
    const { token: inviterToken } = await join(slug, inviterPhone);
    const inviter = await memberOfPhone(biz.tenantId, inviterPhone);
    const card = await app.inject({ url: `/api/public/card/${slug}`, headers: bearer(inviterToken) });
    expect(card.json().invite).toEqual({
      url: `http://localhost:3000/join/${slug}?ref=${inviter.referralCode}`,
      bonusPoints: 30,
    });
    expect(inviter.referralCode).not.toBe(inviter.membershipCode);
    const staff = membersApi(app);

    // The inviter's own phone, and a phone already a member: 200, no referral.
    const own = await join(slug, inviterPhone, { referralCode: inviter.referralCode });
    expect(own.res.statusCode).toBe(200);
    const knownPhone = uniquePhone();
    await join(slug, knownPhone);
    expect((await join(slug, knownPhone, { referralCode: inviter.referralCode })).res.statusCode).toBe(200);
    const known = await memberOfPhone(biz.tenantId, knownPhone);
    expect(known.referredBy).toBeNull();
    await staff.record(biz.staff, known.id, { type: 'PURCHASE', amount: 3 });

    // A friend with a new phone: nothing at joining, both on the first purchase, nothing on the second.
    const friendPhone = uniquePhone();
    expect((await join(slug, friendPhone, { referralCode: inviter.referralCode })).res.statusCode).toBe(201);
    const friend = await memberOfPhone(biz.tenantId, friendPhone);
    expect(friend.referredBy).toBe(inviter.id);
    const first = await staff.record(biz.staff, friend.id, { type: 'PURCHASE', amount: 4 });
    expect(await eventually(async () => (await bonuses(inviter.id)).length === 1)).toBe(true);
    await staff.record(biz.staff, friend.id, { type: 'PURCHASE', amount: 4 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await bonuses(friend.id)).toEqual([{ points: 30, reasonCode: 'REFERRAL', type: 'BONUS' }]);
    expect(await bonuses(inviter.id)).toEqual([{ points: 30, reasonCode: 'REFERRAL', type: 'BONUS' }]);
    expect(await bonuses(known.id)).toEqual([]);

    // Reversing the first purchase reverses both bonuses.
    const reversed = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${friend.id}/transactions/${first.json().entry.id}/reversal`,
      headers: bearer(biz.staff),
    });
    expect(reversed.statusCode).toBe(201);
    expect(await eventually(async () => (await bonuses(inviter.id)).length === 2)).toBe(true);
    expect(await eventually(async () => (await bonuses(friend.id)).length === 2)).toBe(true);
    expect((await bonuses(inviter.id))[1]).toMatchObject({ points: -30, reasonCode: 'REFERRAL_REVERSED' });

    // At most 10 a month per inviter: nine more friends fill the month, the next one gives nobody anything.
    const friends: string[] = [];
    for (let i = 0; i < 10; i++) {
      const phone = uniquePhone();
      await join(slug, phone, { referralCode: inviter.referralCode });
      const m = await memberOfPhone(biz.tenantId, phone);
      friends.push(m.id);
      await staff.record(biz.staff, m.id, { type: 'PURCHASE', amount: 1 });
    }
    const last = friends[9] as string;
    expect(await eventually(async () => (await bonuses(friends[8] as string)).length === 1, 20_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await bonuses(last)).toEqual([]);
    expect((await bonuses(inviter.id)).filter((b) => b.type === 'BONUS')).toHaveLength(10);
  }, 120_000);

  it('WELCOME: joiners and staff-added members, never imports; paid once; the message only with consent', async () => {
    const biz = await newBusiness();
    const slug = await enrol(biz, 15);
    const made = await api(biz.admin).create({ kind: 'WELCOME', active: true, text: 'Welcome!' });
    expect(made.json().bonusPoints).toBe(15);
    const phone = uniquePhone();
    expect((await join(slug, phone)).res.statusCode).toBe(201);
    const joined = await memberOfPhone(biz.tenantId, phone);
    expect(await eventually(async () => (await firings(joined.id)).length === 1)).toBe(true);
    expect(await eventually(async () => (await messagedTo(joined.id)).length === 1)).toBe(true);
    expect(await bonuses(joined.id)).toEqual([{ points: 15, reasonCode: 'WELCOME_POINTS', type: 'BONUS' }]);
    const added = await addMember(app, biz.admin);
    expect(await eventually(async () => (await bonuses(added)).length === 1)).toBe(true);
    expect(await messagedTo(added)).toEqual([]);
    // Turned off: the join pays nothing.
    await api(biz.admin).update(made.json().id, { kind: 'WELCOME', active: false, bonusPoints: 15 });
    const later = uniquePhone();
    await join(slug, later);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await bonuses((await memberOfPhone(biz.tenantId, later)).id)).toEqual([]);
  }, 60_000);

  it('previews the next seven days', async () => {
    const biz = await newBusiness();
    const soon = new Date(Date.now() + 3 * DAY);
    const md = `--${String(soon.getUTCMonth() + 1).padStart(2, '0')}-${String(soon.getUTCDate()).padStart(2, '0')}`;
    await addMember(app, biz.admin, { birthday: md });
    const preview = await api(biz.admin).preview({ kind: 'BIRTHDAY', days: 1 });
    expect(preview.statusCode).toBe(200);
    const days = preview.json().days as { date: string; members: number }[];
    expect(days).toHaveLength(7);
    expect(days.map((d) => d.members)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    const winBack = await api(biz.admin).preview({ kind: 'WIN_BACK', days: 7 });
    expect(winBack.json().days.reduce((n: number, d: { members: number }) => n + d.members, 0)).toBe(1);
  });
});
