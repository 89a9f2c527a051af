import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addMember, business } from '../../../test/support/members';

/** The counter finds a phone typed in the business's national format, by the country of its profile. */
describe('the counter: a phone typed as staff in the business’s country type it', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const byCode = (token: string, text: string) =>
    app.inject({ url: `/api/tenants/member/by-code/${encodeURIComponent(text)}`, headers: bearer(token) });
  /** A business in `country`, with a member on `phone` and another on a number of another region. */
  const shop = async (country: string | null, timeZone: string, phone: string) => {
    const b = await business(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(b.owner),
      payload: { country, timeZone, language: 'zh-Hant' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const id = await addMember(app, b.owner, { firstName: 'Mia', lastName: 'Chen', phone });
    return { ...b, id };
  };

  it.each([
    ['HK', 'Asia/Hong_Kong', '+85291234567', ['91234567', '9123 4567', '9123-4567', '+852 9123 4567']],
    ['TW', 'Asia/Taipei', '+886912345678', ['0912 345 678', '0912-345-678', '0912345678', '+886 912 345 678']],
    ['CN', 'Asia/Shanghai', '+8613800138000', ['138 0013 8000', '13800138000', '138-0013-8000', '+86 138 0013 8000']],
  ])('%s: staff find the member by the national number', async (country, timeZone, phone, typed) => {
    const b = await shop(country, timeZone, phone);
    for (const text of typed) {
      const res = await byCode(b.staff, text);
      expect(res.statusCode, `${text}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ userId: b.id, phone });
    }
  });

  it('reads the number in the business’s own country only', async () => {
    const hk = await shop('HK', 'Asia/Hong_Kong', '+886912345678');
    // A Taiwan mobile typed the Taiwan way is not a Hong Kong number: only its international form finds it.
    expect((await byCode(hk.staff, '0912 345 678')).statusCode).toBe(404);
    expect((await byCode(hk.staff, '+886912345678')).json()).toMatchObject({ userId: hk.id });

    const tw = await shop('TW', 'Asia/Taipei', '+85291234567');
    expect((await byCode(tw.staff, '91234567')).statusCode).toBe(404);

    // No country known: international numbers only.
    const nowhere = await shop(null, 'UTC', '+85291234567');
    expect((await byCode(nowhere.staff, '91234567')).statusCode).toBe(404);
    expect((await byCode(nowhere.staff, '+85291234567')).json()).toMatchObject({ userId: nowhere.id });
  });

  it('another business’s member is not found by their national number', async () => {
    await shop('HK', 'Asia/Hong_Kong', '+85298765432');
    const mine = await shop('HK', 'Asia/Hong_Kong', '+85291112222');
    const res = await byCode(mine.staff, '98765432');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No member has this code or phone' });
  });
});
