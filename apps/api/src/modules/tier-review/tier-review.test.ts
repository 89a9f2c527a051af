import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers';
import { business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import {
  DAY,
  delivered,
  listenAll,
  memberWhoSpent,
  passOf,
  setMember,
  systemAudit,
  tierApi,
  tierOf,
} from '../../../test/support/tier-review';
import { webhookTestApp } from '../../../test/support/webhooks';
import { scheduledRuns, tenants } from '../../db/schema';
import { getPolicy } from '../points/tier-policy';
import { runReview } from './review';

const MONTH = 31 * DAY;

/** The tier policy and its daily review (docs/design.md §9): Basic [0, 500), Silver [500, 2000), Gold [2000, ∞). */
describe('tier review', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof tierApi>;
  beforeAll(async () => {
    app = await webhookTestApp();
    api = tierApi(app);
  });
  afterAll(() => app.close());

  async function shop() {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const tiers = await insertTiers(app, biz.tenantId);
    await listenAll(app, biz.owner);
    return { ...biz, tiers };
  }
  /** One review of the business under its saved policy at `now` (the clock a test sets). */
  const review = async (tenantId: string, now: Date) =>
    runReview(app.db, app.changes, tenantId, await getPolicy(app.db, tenantId), now);

  it('reads the default, saves a policy (admin and owner only), refuses a rolling window without months', async () => {
    const biz = await shop();
    expect((await api.get(biz.staff)).json()).toEqual({
      basis: 'LIFETIME',
      months: null,
      downgrade: 'TO_QUALIFYING',
      graceDays: 0,
      saved: false,
    });
    const policy = { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'ONE_STEP', graceDays: 30 };
    expect((await api.save(biz.staff, policy)).statusCode).toBe(403);
    const bad = await api.save(biz.admin, { ...policy, months: null, graceDays: 400 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['graceDays', 'months']);
    expect(bad.json().errors.months).toBe('Enter how many months the rolling window spans');
    const saved = await api.save(biz.admin, policy);
    expect(saved.statusCode).toBe(200);
    expect((await api.get(biz.staff)).json()).toEqual({ ...policy, saved: true });
    // A calendar year keeps no months.
    await api.save(biz.owner, { ...policy, basis: 'CALENDAR_YEAR' });
    expect((await api.get(biz.owner)).json()).toMatchObject({ basis: 'CALENDAR_YEAR', months: null });
    expect((await api.preview(biz.staff, policy)).statusCode).toBe(403);
  });

  it('rolling window: the preview counts and names who moves, the review moves them once, told by webhook, audit and pass', async () => {
    const biz = await shop();
    const now = new Date();
    // Silver from a purchase 13 months ago: out of a 12-month window.
    const lapsed = await memberWhoSpent(app, biz.owner, 600, new Date(now.getTime() - 13 * MONTH), 'Lapsed');
    // Bought Gold's worth last month but holds Basic (moved down by an earlier policy): moves up.
    const loyal = await memberWhoSpent(app, biz.owner, 2500, new Date(now.getTime() - MONTH), 'Loyal');
    await setMember(app, loyal, { tierId: biz.tiers.basic });
    // Silver, bought last week: stays.
    const steady = await memberWhoSpent(app, biz.owner, 700, new Date(now.getTime() - 7 * DAY), 'Steady');
    const passUpdated = await passOf(app, biz.tenantId, lapsed);

    const policy = { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'TO_QUALIFYING', graceDays: 0 };
    const preview = await api.preview(biz.admin, policy);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ upgrades: 1, downgrades: 1, inGrace: 0 });
    expect(new Date(preview.json().runsAt).getTime()).toBeGreaterThan(now.getTime());
    expect(preview.json().sample).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          memberId: lapsed,
          direction: 'DOWN',
          toTier: { id: biz.tiers.basic, name: 'Basic' },
        }),
        expect.objectContaining({ memberId: loyal, name: 'Loyal Chen', direction: 'UP', fromTier: expect.anything() }),
      ]),
    );
    // Nothing saved yet: the saved policy (lifetime) moves nobody down... but lifetime spend puts Loyal in Gold.
    expect((await api.saved(biz.staff)).json()).toMatchObject({ upgrades: 1, downgrades: 0 });

    expect((await api.save(biz.owner, policy)).statusCode).toBe(200);
    const toldBefore = (await delivered(app, biz.tenantId, 'tier.changed')).length;
    const [first, second] = await Promise.all([api.tick(biz.tenantId, now), api.tick(biz.tenantId, now)]);
    // Two instances at once: one claims the business's day, the other finds it taken.
    expect([first.reviewed, second.reviewed].flat()).toEqual([biz.tenantId]);
    expect((await tierOf(app, lapsed))?.tierId).toBe(biz.tiers.basic);
    expect((await tierOf(app, loyal))?.tierId).toBe(biz.tiers.gold);
    expect((await tierOf(app, steady))?.tierId).toBe(biz.tiers.silver);
    // Later the same day: the day's review is done.
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 60_000))).reviewed).toEqual([]);
    const runs = await app.db.select().from(scheduledRuns).where(eq(scheduledRuns.tenantId, biz.tenantId));
    expect(runs).toMatchObject([{ kind: 'tier-review', upgrades: 1, downgrades: 1 }]);

    // After the purchases' own, exactly one per move of the review.
    const byReview = (await delivered(app, biz.tenantId, 'tier.changed')).slice(toldBefore);
    expect(byReview).toHaveLength(2);
    expect(byReview).toEqual(
      expect.arrayContaining([
        { memberId: lapsed, fromTierId: biz.tiers.silver, toTierId: biz.tiers.basic },
        { memberId: loyal, fromTierId: biz.tiers.basic, toTierId: biz.tiers.gold },
      ]),
    );
    const audit = await systemAudit(app, biz.tenantId);
    expect(audit.map((a) => [a.action, a.targetId, a.actorName]).sort()).toEqual(
      [
        ['member.tier.review', lapsed, 'Tier review'],
        ['member.tier.review', loyal, 'Tier review'],
      ].sort(),
    );
    expect(await passUpdated()).toBeGreaterThan(new Date('2020-01-02').getTime());
  });

  it('grace: a downgrade waits out the grace period, shown on the member; qualifying again ends it', async () => {
    const biz = await shop();
    const now = new Date();
    const lapsed = await memberWhoSpent(app, biz.owner, 600, new Date(now.getTime() - 13 * MONTH));
    const back = await memberWhoSpent(app, biz.owner, 600, new Date(now.getTime() - 13 * MONTH));
    await api.save(biz.owner, { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'TO_QUALIFYING', graceDays: 30 });
    const toldOf = async () =>
      (await delivered(app, biz.tenantId, 'tier.changed')).filter((c) => c.memberId === lapsed).length;
    const toldBefore = await toldOf();
    expect(await review(biz.tenantId, now)).toEqual({ upgrades: 0, downgrades: 0 });
    const waiting = await tierOf(app, lapsed);
    expect(waiting?.tierId).toBe(biz.tiers.silver);
    expect(waiting?.graceUntil?.getTime()).toBe(now.getTime() + 30 * DAY);
    const detail = (await membersApi(app).get(biz.staff, lapsed)).json();
    expect(detail.tierReview).toMatchObject({
      basis: 'ROLLING_MONTHS',
      qualifyingSpend: 0,
      keepSpend: 500,
      spendToKeep: 500,
      graceUntil: waiting?.graceUntil?.toISOString(),
    });
    expect(new Date(detail.tierReview.nextReviewAt).getTime()).toBeGreaterThan(now.getTime());

    // `back` buys again within the grace period: the grace ends, the tier stays.
    await membersApi(app).record(biz.staff, back, { type: 'PURCHASE', amount: 550 });
    expect(await review(biz.tenantId, new Date(now.getTime() + 10 * DAY))).toEqual({ upgrades: 0, downgrades: 0 });
    expect(await tierOf(app, back)).toEqual({ tierId: biz.tiers.silver, graceUntil: null });
    // A day before the grace ends: still waiting; the day after: down, once.
    expect(await review(biz.tenantId, new Date(now.getTime() + 29 * DAY))).toEqual({ upgrades: 0, downgrades: 0 });
    expect(await review(biz.tenantId, new Date(now.getTime() + 31 * DAY))).toEqual({ upgrades: 0, downgrades: 1 });
    expect(await tierOf(app, lapsed)).toEqual({ tierId: biz.tiers.basic, graceUntil: null });
    expect(await review(biz.tenantId, new Date(now.getTime() + 32 * DAY))).toEqual({ upgrades: 0, downgrades: 0 });
    expect((await toldOf()) - toldBefore).toBe(1);
  });

  it('pinned tiers are untouched; one step down goes to the tier below, not to the qualifying one', async () => {
    const biz = await shop();
    const now = new Date();
    const pinned = await memberWhoSpent(app, biz.owner, 2500, new Date(now.getTime() - 13 * MONTH));
    await setMember(app, pinned, { tierPinned: true });
    const gold = await memberWhoSpent(app, biz.owner, 2500, new Date(now.getTime() - 13 * MONTH));
    await api.save(biz.owner, { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'ONE_STEP', graceDays: 0 });
    expect((await api.saved(biz.staff)).json()).toMatchObject({ upgrades: 0, downgrades: 1 });
    expect(await review(biz.tenantId, now)).toEqual({ upgrades: 0, downgrades: 1 });
    expect((await tierOf(app, gold))?.tierId).toBe(biz.tiers.silver);
    expect((await tierOf(app, pinned))?.tierId).toBe(biz.tiers.gold);
    // The next day: one more step.
    expect(await review(biz.tenantId, new Date(now.getTime() + DAY))).toEqual({ upgrades: 0, downgrades: 1 });
    expect((await tierOf(app, gold))?.tierId).toBe(biz.tiers.basic);
    expect((await membersApi(app).get(biz.staff, pinned)).json().tierReview).toBeNull();
  });

  it('calendar year: last year’s spend keeps the tier until the new year begins in the business’s time zone', async () => {
    const biz = await shop();
    await app.db.update(tenants).set({ timeZone: 'Asia/Hong_Kong' }).where(eq(tenants.id, biz.tenantId));
    const other = await shop(); // stays on UTC
    const spentIn2026 = new Date('2026-06-01T00:00:00Z');
    const hk = await memberWhoSpent(app, biz.owner, 2500, spentIn2026);
    const utc = await memberWhoSpent(app, other.owner, 2500, spentIn2026);
    const policy = { basis: 'CALENDAR_YEAR', downgrade: 'TO_QUALIFYING', graceDays: 0 };
    await api.save(biz.owner, policy);
    await api.save(other.owner, policy);
    // 31 December 2027, 23:30 in Hong Kong: 2026 is still last year.
    const lastEvening = new Date('2027-12-31T15:30:00Z');
    expect(await review(biz.tenantId, lastEvening)).toEqual({ upgrades: 0, downgrades: 0 });
    // 1 January 2028, 00:30 in Hong Kong (still 2027 in UTC): 2026 no longer counts there, only there.
    const newYear = new Date('2027-12-31T16:30:00Z');
    expect(await review(biz.tenantId, newYear)).toEqual({ upgrades: 0, downgrades: 1 });
    expect((await tierOf(app, hk))?.tierId).toBe(biz.tiers.basic);
    expect(await review(other.tenantId, newYear)).toEqual({ upgrades: 0, downgrades: 0 });
    expect((await tierOf(app, utc))?.tierId).toBe(other.tiers.gold);
    expect(await review(other.tenantId, new Date('2028-01-01T00:30:00Z'))).toEqual({ upgrades: 0, downgrades: 1 });
  });

  it('with a policy, a purchase moves a member up at once on its basis; a refund waits for the review', async () => {
    const biz = await shop();
    const now = new Date();
    const memberId = await memberWhoSpent(app, biz.owner, 600, new Date(now.getTime() - 13 * MONTH));
    await api.save(biz.owner, { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'TO_QUALIFYING', graceDays: 0 });
    const buy = (amount: number) => membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount });
    // 100 in the window: below Silver, but a purchase never moves anyone down.
    expect((await buy(100)).json().tier.id).toBe(biz.tiers.silver);
    // 2,050 in the window: Gold at once (lifetime spend alone would say so too, so this is the window's count).
    const big = await buy(1950);
    expect(big.json().tier.id).toBe(biz.tiers.gold);
    const refund = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${memberId}/transactions/${big.json().entry.id}/refund`,
      headers: bearer(biz.staff),
      payload: { amount: 1950 },
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json().tier.id).toBe(biz.tiers.gold);
    expect(await review(biz.tenantId, now)).toEqual({ upgrades: 0, downgrades: 1 });
    expect((await tierOf(app, memberId))?.tierId).toBe(biz.tiers.basic);
    // Lifetime spend (700) would give Silver; the window (100) gives Basic, and a small purchase keeps it.
    expect((await buy(10)).json().tier.id).toBe(biz.tiers.basic);
  });
});
