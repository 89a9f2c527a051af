import { randomUUID } from 'node:crypto';
import { ENROLMENT_MESSAGES } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { business } from '../../../test/support/members';

/** Terms are accepted on the join page only when the business gave a terms link. */
describe('join: acceptTerms follows the terms link', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  async function openPage(termsUrl: string) {
    const biz = await business(app);
    const slug = `terms-${randomUUID().slice(0, 8)}`;
    const payload = { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl, allowedCountries: [] };
    const res = await app.inject({ method: 'PUT', url: '/api/tenants/enrolment', headers: bearer(biz.admin), payload });
    expect(res.statusCode).toBe(200);
    return slug;
  }
  const join = async (slug: string, body: object) =>
    app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(await signInWithPhone(uniquePhone())),
      payload: { firstName: 'Mei', lastName: 'Wong', ...body },
    });

  it('no terms link: a join without acceptTerms (or with false) makes the member', async () => {
    const slug = await openPage('');
    expect((await join(slug, {})).statusCode).toBe(201);
    expect((await join(slug, { acceptTerms: false })).statusCode).toBe(201);
  });

  it('a terms link: acceptTerms missing or false is 400 at acceptTerms; true joins', async () => {
    const slug = await openPage('https://example.test/terms');
    for (const body of [{}, { acceptTerms: false }]) {
      const res = await join(slug, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ acceptTerms: ENROLMENT_MESSAGES.acceptTerms });
    }
    expect((await join(slug, { acceptTerms: true })).statusCode).toBe(201);
  });

  it('acceptTerms that is not a boolean is refused at its field', async () => {
    const slug = await openPage('');
    const res = await join(slug, { acceptTerms: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['acceptTerms']);
  });
});
