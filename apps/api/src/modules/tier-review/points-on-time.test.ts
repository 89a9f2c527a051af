import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/helpers';
import { fieldOnPhone, passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { addMember, business, insertSettings, membersApi, stored } from '../../../test/support/members';
import { DAY, delivered, ledgerTypes, listenAll, passOf, tierApi } from '../../../test/support/tier-review';
import { eventually } from '../../../test/support/wallet';
import { webhookTestApp } from '../../../test/support/webhooks';
import { members, messages, walletPasses } from '../../db/schema';
import { EXPIRY_NOTICE_ORIGIN } from './expiry-notice';

/** Points lapse on time and are warned of once (docs/design.md §9): $1 → 10 points, each lot lapsing 30 days after earning. */
describe('points on time', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof tierApi>;
  beforeAll(async () => {
    app = await webhookTestApp();
    api = tierApi(app);
  });
  afterAll(() => app.close());

  async function shop(expiryWarningDays: number | null) {
    const biz = await business(app);
    await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30, expiryWarningDays });
    await listenAll(app, biz.owner);
    return biz;
  }
  /** The member's Apple pass as a phone in English and one in Traditional Chinese show its "expiring" field. */
  const applePass = async (token: string, memberId: string) => {
    const res = await app.inject({ url: passUrl(memberId), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    const expiring = (lang: string) => fieldOnPhone(passOnPhone(files, lang), 'expiring');
    return { expiring: expiring('en'), expiringZh: expiring('zh-Hant') };
  };
  const messageState = async (id: string) =>
    (await app.db.select({ state: messages.state }).from(messages).where(eq(messages.id, id)))[0]?.state;
  const buy = async (token: string, memberId: string, amount: number) =>
    expect((await membersApi(app).record(token, memberId, { type: 'PURCHASE', amount })).statusCode).toBe(201);

  it('a member who never comes back has lapsed points written off the day they lapse, told by webhook and pass', async () => {
    const biz = await shop(null);
    const memberId = await addMember(app, biz.owner);
    const now = new Date();
    await buy(biz.staff, memberId, 12); // 120 points, lapsing in 30 days
    const passUpdated = await passOf(app, biz.tenantId, memberId);
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 29 * DAY))).swept).toBe(0);
    expect(await ledgerTypes(app, memberId)).toEqual(['PURCHASE 120']);

    const swept = await api.tick(biz.tenantId, new Date(now.getTime() + 30 * DAY + 60_000));
    expect(swept.swept).toBe(1);
    expect(await ledgerTypes(app, memberId)).toEqual(['PURCHASE 120', 'EXPIRE -120']);
    expect(await stored(app, biz.tenantId, memberId)).toMatchObject({ balance: 0, ledgerSum: 0, lotsRemaining: 0 });
    expect(await delivered(app, biz.tenantId, 'points.expired')).toEqual([
      { memberId, points: -120, pointsBalance: 0 },
    ]);
    expect(await passUpdated()).toBeGreaterThan(new Date('2020-01-02').getTime());
    // A second sweep (another instance, or the next tick) finds nothing more to write off.
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 31 * DAY))).swept).toBe(0);
    expect(await ledgerTypes(app, memberId)).toHaveLength(2);
    expect(await delivered(app, biz.tenantId, 'points.expired')).toHaveLength(1);
    // The next purchase has nothing left to write off either (the sweep's entry is dated by the test's later clock).
    await buy(biz.staff, memberId, 1);
    expect((await ledgerTypes(app, memberId)).sort()).toEqual(['EXPIRE -120', 'PURCHASE 10', 'PURCHASE 120']);
  });

  it('two sweeps at once write a member’s lapsed points off once', async () => {
    const biz = await shop(null);
    const ids = [await addMember(app, biz.owner), await addMember(app, biz.owner, { firstName: 'Ann' })];
    for (const id of ids) await buy(biz.staff, id, 5);
    const later = new Date(Date.now() + 31 * DAY);
    const [a, b] = await Promise.all([api.tick(biz.tenantId, later), api.tick(biz.tenantId, later)]);
    expect(a.swept + b.swept).toBe(2);
    for (const id of ids) expect(await ledgerTypes(app, id)).toEqual(['PURCHASE 50', 'EXPIRE -50']);
    expect(await delivered(app, biz.tenantId, 'points.expired')).toHaveLength(2);
  });

  it('warns expiryWarningDays before a lot lapses, once per lot, by webhook and pass', async () => {
    const biz = await shop(7);
    const quiet = await shop(null);
    const memberId = await addMember(app, biz.owner);
    const unwarned = await addMember(app, quiet.owner);
    const now = new Date();
    await buy(biz.staff, memberId, 20); // 200 points lapsing at now + 30 days
    await buy(quiet.staff, unwarned, 20);
    const passUpdated = await passOf(app, biz.tenantId, memberId);

    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 22 * DAY))).warned).toBe(0);
    expect(await passUpdated()).toBe(new Date('2020-01-01T00:00:00Z').getTime());
    expect((await applePass(biz.staff, memberId)).expiring).toBeUndefined();
    const warnedAt = new Date(now.getTime() + 23 * DAY + 60_000);
    const [a, b] = await Promise.all([api.tick(biz.tenantId, warnedAt), api.tick(biz.tenantId, warnedAt)]);
    expect(a.warned + b.warned).toBe(1);
    const [told] = await delivered(app, biz.tenantId, 'points.expiring');
    expect(told).toMatchObject({ memberId, points: 200, pointsBalance: 200 });
    expect(Math.abs(new Date(told?.expiresAt as string).getTime() - (now.getTime() + 30 * DAY))).toBeLessThan(60_000);
    expect(await passUpdated()).toBeGreaterThan(new Date('2020-01-02').getTime());
    // The pass shows the points warned of, with a lock-screen notice in each language.
    const pass = await applePass(biz.staff, memberId);
    expect(pass.expiring).toEqual({
      key: 'expiring',
      label: expect.stringMatching(/^Expiring \w{3} \d{1,2}, \d{4}$/),
      value: 200,
      numberStyle: 'PKNumberStyleDecimal',
      changeMessage: expect.stringMatching(/^%@ points expire on \w{3} \d{1,2}, \d{4}$/),
    });
    expect(pass.expiringZh?.changeMessage).toMatch(/^%@ 積分將於 \d{4}年\d{1,2}月\d{1,2}日 到期$/);
    // Once per lot: the days after say nothing more about it.
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 25 * DAY))).warned).toBe(0);
    // A new lot is warned of in its own time.
    await buy(biz.staff, memberId, 3);
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 24 * DAY))).warned).toBe(1);
    expect((await delivered(app, biz.tenantId, 'points.expiring')).map((d) => d.points)).toEqual([200, 30]);
    // A business with no warning days warns nobody.
    expect((await api.tick(quiet.tenantId, new Date(now.getTime() + 29 * DAY))).warned).toBe(0);
    expect(await delivered(app, quiet.tenantId, 'points.expiring')).toEqual([]);
  });
  it('sends the warning as a message through the queue, in the member’s language, once per lot, with consent only', async () => {
    const biz = await shop(7);
    const ming = await addMember(app, biz.owner, { firstName: '明' });
    const ann = await addMember(app, biz.owner, { firstName: 'Ann' });
    const lin = await addMember(app, biz.owner, { firstName: '琳' });
    const declined = await addMember(app, biz.owner, { firstName: 'No' });
    const consent = (id: string, language: 'en' | 'zh-Hant' | 'zh-Hans' | null) =>
      app.db.update(members).set({ marketingOptIn: true, language }).where(eq(members.id, id));
    await consent(ming, 'zh-Hant');
    await consent(ann, null); // the business's language: English
    await consent(lin, 'zh-Hans');
    const now = new Date();
    for (const id of [ming, ann, lin, declined]) {
      await buy(biz.staff, id, 12); // 120 points lapsing at now + 30 days
      await passOf(app, biz.tenantId, id);
    }
    const notices = () =>
      app.db
        .select()
        .from(messages)
        .where(and(eq(messages.tenantId, biz.tenantId), eq(messages.origin, EXPIRY_NOTICE_ORIGIN)));

    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 23 * DAY + 60_000))).warned).toBe(4);
    // Every member is warned (webhook, pass field); a message goes to the three who gave marketing consent.
    expect(await delivered(app, biz.tenantId, 'points.expiring')).toHaveLength(4);
    const sent = await notices();
    expect(sent.map((m) => m.audience).sort((a, b) => String(a.memberId).localeCompare(String(b.memberId)))).toEqual(
      [ming, ann, lin].sort().map((memberId) => ({ memberId })),
    );
    const mine = sent.find((m) => m.audience.memberId === ming);
    expect(mine?.text).toMatch(/^120 points expire on \w{3} \d{1,2}, \d{4}$/);
    expect(mine?.textZh).toMatch(/^120 積分將於 \d{4}年\d{1,2}月\d{1,2}日 到期$/);
    expect(mine?.textCn).toMatch(/^120 积分将于 \d{4}年\d{1,2}月\d{1,2}日 到期$/);
    expect(mine?.targeted).toBe(1);

    // The queue delivers each, but not to the Apple pass's "Latest news": its "expiring" field already told the
    // iPhone on the lock screen, and a consenting member was told twice (the field's notice, then the news's).
    for (const m of sent)
      expect(await eventually(async () => (await messageState(m.id)) === 'SENT', 20_000)).toBe(true);
    const news = async (memberId: string) => {
      const res = await app.inject({ url: passUrl(memberId), headers: bearer(biz.staff) });
      const json = JSON.parse(unzipPass(res.rawPayload).files['pass.json']?.toString() ?? '{}');
      return (json.storeCard?.backFields ?? []).find((f: { key: string }) => f.key === 'news')?.value;
    };
    for (const id of [ming, lin, ann, declined]) expect(await news(id)).toBeUndefined();
    const consentingPasses = await app.db.select().from(walletPasses).where(eq(walletPasses.memberId, ming));
    expect(consentingPasses[0]?.newsMessageId).toBeNull();
    const [declinedPass] = await app.db.select().from(walletPasses).where(eq(walletPasses.memberId, declined));
    expect(declinedPass?.newsMessageId).toBeNull();
    // The business's own list of messages leaves the app's notices out.
    const list = await app.inject({ url: '/api/tenants/messages', headers: bearer(biz.owner) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);

    // Once per lot: later ticks send nothing more; a new lot gets its own message in its own time.
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 25 * DAY))).warned).toBe(0);
    expect(await notices()).toHaveLength(3);
    await buy(biz.staff, ming, 3);
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 24 * DAY))).warned).toBe(1);
    const latest = (await notices()).filter((m) => m.audience.memberId === ming);
    expect(latest.map((m) => m.text.split(' ')[0]).sort()).toEqual(['120', '30']);
  });
});
