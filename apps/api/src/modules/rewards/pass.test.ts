import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { fieldOnPhone, passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { loyaltyObjectFields } from '../wallet/google/pass';
import { findPassData } from '../wallet/pass-data';

/** The wallet cards list the rewards the member can afford, in each language, and follow the balance. */
describe('rewards on the wallet cards', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let member: string;

  const applePass = async () => {
    const res = await app.inject({ url: passUrl(member), headers: bearer(biz.staff) });
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    // The back's rewards field as a phone in `lang` shows it.
    const rewards = (lang: string) => fieldOnPhone(passOnPhone(files, lang), 'rewards');
    return { pass, rewards };
  };

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    const tiers = await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
    await addReward(app, biz.owner, { pointsCost: 100 });
    await addReward(app, biz.owner, { name: 'Cake', nameZh: '蛋糕', nameCn: '蛋糕', pointsCost: 150 });
    await addReward(app, biz.owner, { name: 'Gold gift', tierIds: [tiers.gold], pointsCost: 1 });
    member = await addMember(app, biz.owner, { firstName: 'Mia', lastName: 'Chen' });
    await membersApi(app).record(biz.owner, member, { type: 'PURCHASE', amount: 12 });
  });
  afterAll(() => app?.close());

  it("the Apple pass's back lists what the member can afford in each language, and more once the balance grows", async () => {
    const { pass, rewards } = await applePass();
    expect(rewards('en')).toMatchObject({ label: 'Rewards you can have', value: 'Free coffee: 100 points' });
    expect(rewards('zh-Hant')).toMatchObject({ label: '您可兌換的獎賞', value: '免費咖啡：100 積分' });
    expect(rewards('zh-Hans')).toMatchObject({ label: '您可兑换的奖励', value: '免费咖啡：100 积分' });
    // Nothing worth anything: no claim code, only names and prices.
    expect(JSON.stringify(pass)).not.toMatch(/claim/i);

    await membersApi(app).record(biz.owner, member, { type: 'PURCHASE', amount: 5 });
    const after = await applePass();
    expect(after.rewards('en')?.value).toBe('Free coffee: 100 points\nCake: 150 points');
    expect(after.rewards('zh-Hant')?.value).toBe('免費咖啡：100 積分\n蛋糕：150 積分');
  });

  it("Google's object says the same in a text module", async () => {
    const data = await findPassData(app.database.db, biz.tenantId, member);
    if (!data) throw new Error('no pass data');
    const module = loyaltyObjectFields(data).textModulesData.find((m) => m.id === 'rewards');
    expect(module).toMatchObject({
      header: 'Rewards you can have',
      body: 'Free coffee: 100 points\nCake: 150 points',
      localizedBody: {
        translatedValues: [
          { language: 'zh-TW', value: '免費咖啡：100 積分\n蛋糕：150 積分' },
          { language: 'zh-CN', value: '免费咖啡：100 积分\n蛋糕：150 积分' },
        ],
      },
    });
  });
});
