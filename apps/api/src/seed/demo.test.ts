import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, buildTestApp, signIn, testConfig } from '../../test/helpers';
import { seedDemo } from './demo';

// The demo business a newcomer meets on the first `npm start` (docs/design.md §9, First run): Hong Kong and its
// time zone, tiers, a reward, members with history, and a counter that finds a phone typed the Hong Kong way.
describe('the demo business', () => {
  let app: FastifyInstance;
  let token: string;
  const overrides = { DEMO_EMAIL: `demo-${randomUUID().slice(0, 8)}@demo.loyalty.test` };

  beforeAll(async () => {
    app = await buildTestApp(overrides);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await seedDemo(app, testConfig(overrides));
    token = await signIn(overrides.DEMO_EMAIL, 'demo-password');
  }, 120_000);
  afterAll(() => app?.close());

  it('is in Hong Kong, on its time zone', async () => {
    const profile = (await app.inject({ url: '/api/tenants/business', headers: bearer(token) })).json();
    expect(profile).toMatchObject({ country: 'HK', timeZone: 'Asia/Hong_Kong' });
  });

  it('has a tier ladder and a reward to claim', async () => {
    const tiers = (await app.inject({ url: '/api/memberships', headers: bearer(token) })).json().content;
    expect(tiers.map((tier: { name: string }) => tier.name)).toEqual(['Basic', 'Silver', 'Gold']);
    const rewards = (await app.inject({ url: '/api/tenants/rewards', headers: bearer(token) })).json();
    const list = Array.isArray(rewards) ? rewards : rewards.content;
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Free coffee', nameZh: '免費咖啡' })]),
    );
  });

  it('finds a member at the counter by a phone typed in the national format, with their history', async () => {
    const res = await app.inject({
      url: `/api/tenants/member/by-code/${encodeURIComponent('9123 0001')}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const member = res.json();
    expect(member).toMatchObject({ firstName: 'Mei Ling', lastName: 'Chan' });
    expect(member.pointsBalance).toBeGreaterThan(0);
    const ledger = await app.inject({
      url: `/api/tenants/member/${member.userId}/transactions`,
      headers: bearer(token),
    });
    const entries = ledger.json();
    const rows = Array.isArray(entries) ? entries : entries.content;
    expect(rows.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['PURCHASE', 'REDEEM']));
  });
});
