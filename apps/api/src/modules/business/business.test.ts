import { BUSINESS_MESSAGES } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, linkPhone, signUp } from '../../../test/helpers';
import { registrationBody } from '../../../test/onboarding-helpers';
import { business } from '../../../test/support/pass-settings';
import { getBusinessProfile } from './profile';

const url = '/api/tenants/business';
const hkPhone = () => `+8529${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

describe('business profile: /api/tenants/business', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  /** Registers in `language` with `phone`, verifies `phone` and activates: the owner's token and tenant. */
  async function register(phone: string, language?: 'en' | 'zh-Hant' | 'zh-Hans') {
    const user = await signUp();
    const body = registrationBody(user, { phone, ...(language ? { language } : {}) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/onboarding/register',
      headers: bearer(user.idToken),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const { tenantId } = res.json() as { tenantId: string };
    const token = await linkPhone(user.idToken, phone);
    const activated = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: bearer(token),
      payload: { tenantId },
    });
    expect(activated.statusCode).toBe(200);
    return { token, tenantId };
  }

  it('a Hong Kong owner registering in Traditional Chinese gets HK, Asia/Hong_Kong and zh-Hant', async () => {
    const owner = await register(hkPhone(), 'zh-Hant');
    const res = await app.inject({ url, headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'zh-Hant', quietHours: null });
    expect(await getBusinessProfile(app.db, owner.tenantId)).toEqual(res.json());
  });

  it('Taiwan and mainland China numbers get their time zones; others UTC; no language sent: English', async () => {
    const tw = await register(`+8869${Math.floor(10_000_000 + Math.random() * 89_999_999)}`, 'zh-Hant');
    expect((await app.inject({ url, headers: bearer(tw.token) })).json()).toMatchObject({
      country: 'TW',
      timeZone: 'Asia/Taipei',
    });
    const cn = await register(`+86138${Math.floor(10_000_000 + Math.random() * 89_999_999)}`, 'zh-Hans');
    expect((await app.inject({ url, headers: bearer(cn.token) })).json()).toEqual({
      country: 'CN',
      timeZone: 'Asia/Shanghai',
      language: 'zh-Hans',
      quietHours: null,
    });
    const us = await register(`+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`);
    expect((await app.inject({ url, headers: bearer(us.token) })).json()).toEqual({
      country: 'US',
      timeZone: 'UTC',
      language: 'en',
      quietHours: null,
    });
  });

  it('every role reads it; admin and owner change it; staff get 403 and nothing changes', async () => {
    const biz = await business(app);
    for (const token of [biz.owner, biz.admin, biz.staff]) {
      expect((await app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    }
    const body = { country: 'tw', timeZone: 'Asia/Taipei', language: 'zh-Hant' };
    const staff = await app.inject({ method: 'PUT', url, headers: bearer(biz.staff), payload: body });
    expect(staff.statusCode).toBe(403);
    const saved = await app.inject({ method: 'PUT', url, headers: bearer(biz.admin), payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ country: 'TW', timeZone: 'Asia/Taipei', language: 'zh-Hant', quietHours: null });
    expect((await app.inject({ url, headers: bearer(biz.staff) })).json()).toEqual(saved.json());
    const audit = await app.inject({ url: '/api/tenants/audit?action=business.update', headers: bearer(biz.owner) });
    expect(audit.json().content[0]).toMatchObject({ action: 'business.update', changes: { country: { after: 'TW' } } });
  });

  it.each([
    ['unknown country', { country: 'XX' }, { country: BUSINESS_MESSAGES.country }],
    ['country ZZ', { country: 'ZZ' }, { country: BUSINESS_MESSAGES.country }],
    ['no time zone', { timeZone: undefined }, { timeZone: BUSINESS_MESSAGES.timeZone }],
    ['made-up time zone', { timeZone: 'Mars/Olympus' }, { timeZone: BUSINESS_MESSAGES.timeZone }],
    ['language fr', { language: 'fr' }, { language: BUSINESS_MESSAGES.language }],
    [
      'quiet hours at 25:00',
      { quietHours: { from: '25:00', to: '08:00' } },
      { 'quietHours.from': 'Use a time such as 22:00' },
    ],
  ])('%s: 400 at the field and the profile stays', async (_, change, errors) => {
    const biz = await business(app);
    const before = (await app.inject({ url, headers: bearer(biz.owner) })).json();
    const payload = { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', ...change };
    const res = await app.inject({ method: 'PUT', url, headers: bearer(biz.owner), payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors });
    expect((await app.inject({ url, headers: bearer(biz.owner) })).json()).toEqual(before);
  });

  it('a country may be cleared (null) and UTC chosen', async () => {
    const biz = await business(app);
    const payload = { country: null, timeZone: 'UTC', language: 'zh-Hans' };
    const res = await app.inject({ method: 'PUT', url, headers: bearer(biz.owner), payload });
    expect(res.json()).toEqual({ ...payload, quietHours: null });
  });

  it('keeps quiet hours a client does not send, and clears them with null', async () => {
    const biz = await business(app);
    const profile = { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en' };
    const put = (payload: object) => app.inject({ method: 'PUT', url, headers: bearer(biz.owner), payload });
    const quietHours = { from: '22:00', to: '08:00' };
    expect((await put({ ...profile, quietHours })).json().quietHours).toEqual(quietHours);
    expect((await put({ ...profile, language: 'zh-Hant' })).json()).toEqual({
      ...profile,
      language: 'zh-Hant',
      quietHours,
    });
    expect((await put({ ...profile, quietHours: null })).json().quietHours).toBeNull();
  });
});
