import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { fieldOnPhone, type PassOnPhone, passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { membershipTiers, messages, pointsLots, storeSettings, walletPasses } from '../../db/schema';
import { loyaltyObjectFields } from './google/pass';
import { findPassData } from './pass-data';

type Language = 'en' | 'zh-Hant' | 'zh-Hans';

/** What looks like one of pass-builder's localisation keys ('label.points', 'tier.name', 'change.expiring'). */
const KEY = /^[a-z]+\.[a-zA-Z.]+$/;

/** Every text a phone shows of the pass: its description and each field's label, value and notice. */
const texts = (pass: PassOnPhone) => [
  pass.description,
  ...Object.values(pass.storeCard)
    .flat()
    .flatMap((f) => [f?.label, f?.value, f?.changeMessage]),
];

/**
 * docs/design.md §8: a phone in a language the pass has no strings for (Japanese, French) shows pass.json's own texts;
 * those are the business's language, never a key. Phones in the pass's three languages still read their own.
 */
describe('a wallet pass on a phone in any language', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  const setLanguage = async (token: string, language: Language) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(token),
      payload: { country: 'HK', timeZone: 'Asia/Hong_Kong', language },
    });
    expect(res.statusCode).toBe(200);
  };

  /**
   * A business in `language` and a Gold member whose card has every kind of text: points, name, tier, points
   * expiring, last update, code, a reward, the store's text and a message.
   */
  async function cardholder(language: Language) {
    const biz = await business(app);
    await setLanguage(biz.owner, language);
    const tiers = await insertTiers(app, biz.tenantId);
    const { db } = app.database;
    await db.update(membershipTiers).set({ nameZh: '金卡', nameCn: '金卡' }).where(eq(membershipTiers.id, tiers.gold));
    await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30 });
    await db.update(storeSettings).set({ text: 'Open daily' }).where(eq(storeSettings.tenantId, biz.tenantId));
    await addReward(app, biz.owner, { pointsCost: 100 });
    const member = await addMember(app, biz.owner, { firstName: 'Mia', lastName: 'Chen', tierId: tiers.gold });
    expect((await membersApi(app).record(biz.staff, member, { type: 'PURCHASE', amount: 30 })).statusCode).toBe(201);
    // The member was warned of the lot (as expiryWarningDays would): the "expiring" field shows.
    await db.update(pointsLots).set({ warnedAt: new Date() }).where(eq(pointsLots.memberId, member));
    expect((await download(biz.staff, member)).statusCode).toBe(200);
    const messageId = randomUUID();
    await db.insert(messages).values({
      id: messageId,
      tenantId: biz.tenantId,
      text: 'Double points',
      audience: {},
      state: 'SENT',
      sendAt: new Date(),
    });
    await db.update(walletPasses).set({ newsMessageId: messageId }).where(eq(walletPasses.memberId, member));
    return { biz, member };
  }

  const download = (token: string, member: string) => app.inject({ url: passUrl(member), headers: bearer(token) });
  const phonesOf = async (token: string, member: string) => {
    const res = await download(token, member);
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    return (device: string) => passOnPhone(files, device);
  };

  it('a business in Traditional Chinese: a Japanese phone reads Traditional Chinese, an English one English', async () => {
    const { biz, member } = await cardholder('zh-Hant');
    const on = await phonesOf(biz.staff, member);
    const keys = ['points', 'member', 'tier', 'expiring', 'updated', 'code', 'rewards', 'about', 'news'];
    for (const device of ['ja', 'fr-FR', 'ko']) {
      const pass = on(device);
      // Every kind of field is there, and no text on it is a key.
      expect(keys.map((key) => fieldOnPhone(pass, key)?.key)).toEqual(keys);
      expect(texts(pass).filter((text) => typeof text === 'string' && KEY.test(text))).toEqual([]);
    }
    const japanese = on('ja');
    expect(japanese.description).toBe('Blue Bottle Bakery 會員卡');
    expect(fieldOnPhone(japanese, 'points')).toMatchObject({ label: '積分', changeMessage: '您現在有 %@ 積分' });
    expect(fieldOnPhone(japanese, 'tier')).toMatchObject({ label: '會員等級', value: '金卡' });
    expect(fieldOnPhone(japanese, 'rewards')).toMatchObject({ label: '您可兌換的獎賞', value: '免費咖啡：100 積分' });
    expect(fieldOnPhone(japanese, 'expiring')?.changeMessage).toMatch(/^%@ 積分將於 .+ 到期$/);
    expect(fieldOnPhone(japanese, 'news')).toMatchObject({ label: '最新消息', value: 'Double points' });

    const english = on('en-US');
    expect(english.description).toBe('Blue Bottle Bakery Membership card');
    expect(fieldOnPhone(english, 'points')).toMatchObject({ label: 'Points', changeMessage: 'You now have %@ points' });
    expect(fieldOnPhone(english, 'tier')).toMatchObject({ label: 'Membership Level', value: 'Gold' });
    expect(fieldOnPhone(english, 'code')?.label).toBe('Membership Code');
    expect(fieldOnPhone(english, 'expiring')?.label).toMatch(/^Expiring \w{3} \d{1,2}, \d{4}$/);
    expect(fieldOnPhone(english, 'news')?.label).toBe('Latest news');
    expect(fieldOnPhone(on('zh-Hans'), 'points')?.label).toBe('积分');

    // Google: the business's language is the default value, the one other languages see.
    const data = await findPassData(app.database.db, biz.tenantId, member);
    if (!data) throw new Error('no pass data');
    expect(loyaltyObjectFields(data).loyaltyPoints).toMatchObject({
      label: '積分',
      localizedLabel: {
        defaultValue: { language: 'zh-TW', value: '積分' },
        translatedValues: [
          { language: 'en-US', value: 'Points' },
          { language: 'zh-CN', value: '积分' },
        ],
      },
    });
  });

  it('a business in English: a Simplified Chinese phone reads Simplified Chinese, a Japanese one English', async () => {
    const { biz, member } = await cardholder('en');
    const on = await phonesOf(biz.staff, member);
    const simplified = on('zh-CN');
    expect(simplified.description).toBe('Blue Bottle Bakery 会员卡');
    expect(fieldOnPhone(simplified, 'points')).toMatchObject({ label: '积分', changeMessage: '您现在有 %@ 积分' });
    expect(fieldOnPhone(simplified, 'tier')).toMatchObject({ label: '会员等级', value: '金卡' });
    expect(fieldOnPhone(simplified, 'code')?.label).toBe('会员编号');
    expect(fieldOnPhone(simplified, 'rewards')).toMatchObject({ label: '您可兑换的奖励', value: '免费咖啡：100 积分' });
    const japanese = on('ja');
    expect(texts(japanese).filter((text) => typeof text === 'string' && KEY.test(text))).toEqual([]);
    expect(fieldOnPhone(japanese, 'tier')).toMatchObject({ label: 'Membership Level', value: 'Gold' });
  });

  it('a change of the business language tells every card: the pass is newer and reads the new language', async () => {
    const { biz, member } = await cardholder('en');
    const updatedAt = async () => {
      const [row] = await app.database.db.select().from(walletPasses).where(eq(walletPasses.memberId, member));
      return row?.updatedAt.getTime() ?? 0;
    };
    const before = await updatedAt();
    await setLanguage(biz.owner, 'zh-Hans');
    expect(await updatedAt()).toBeGreaterThan(before);
    expect(fieldOnPhone((await phonesOf(biz.staff, member))('ja'), 'points')?.label).toBe('积分');
  });
});
