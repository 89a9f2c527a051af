import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { business, ownUpload } from '../../../test/support/pass-settings';

const url = '/api/tenants/setup';

describe('setup checklist: /api/tenants/setup', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const read = async (token: string) => {
    const res = await app.inject({ url, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { steps: { key: string; done: boolean; optional: boolean }[]; dismissed: boolean };
  };
  const doneKeys = async (token: string) => (await read(token)).steps.filter((s) => s.done).map((s) => s.key);
  const send = (token: string, method: 'PUT' | 'POST', path: string, payload: object) =>
    app.inject({ method, url: path, headers: bearer(token), payload });

  it('a new business has six steps, none done, only the card optional, not dismissed', async () => {
    const biz = await business(app);
    expect(await read(biz.owner)).toEqual({
      steps: [
        { key: 'points', done: false, optional: false },
        { key: 'card', done: false, optional: true },
        { key: 'store', done: false, optional: false },
        { key: 'join', done: false, optional: false },
        { key: 'poster', done: false, optional: false },
        { key: 'firstMember', done: false, optional: false },
      ],
      dismissed: false,
    });
  });

  it('each step is done from the business’s own data, and only its own', async () => {
    const biz = await business(app);
    const other = await business(app);
    const points = {
      earnRateAmount: 10,
      earnRatePoints: 10,
      redeemRatePoints: 100,
      redeemRateAmount: 1,
      minimumRedemption: null,
      maximumRedemption: null,
      expiryType: 'NEVER',
      pointsExpiryDays: null,
      pointsExpiryDate: null,
      isActive: true,
      description: '',
    };
    expect((await send(biz.admin, 'POST', '/api/points-conversion', points)).statusCode).toBe(200);
    expect(await doneKeys(biz.owner)).toEqual(['points']);

    const store = {
      logoUrl: await ownUpload(app, biz.tenantId),
      text: 'Blue Bottle Bakery',
      backgroundUrl: await ownUpload(app, biz.tenantId),
    };
    expect((await send(biz.owner, 'PUT', '/api/tenant/store-settings', store)).statusCode).toBe(200);
    expect(await doneKeys(biz.owner)).toEqual(['points', 'store']);

    const enrolment = (await app.inject({ url: '/api/tenants/enrolment', headers: bearer(biz.owner) })).json();
    const { joinUrl: _, ...settings } = enrolment;
    expect((await send(biz.owner, 'PUT', '/api/tenants/enrolment', { ...settings, enabled: true })).statusCode).toBe(
      200,
    );
    expect(await doneKeys(biz.owner)).toEqual(['points', 'store', 'join']);

    // The screen's preview does not count; a download does.
    await app.inject({ url: '/api/tenants/enrolment/poster.png', headers: bearer(biz.owner) });
    expect(await doneKeys(biz.owner)).not.toContain('poster');
    const poster = await app.inject({ url: '/api/tenants/enrolment/poster.pdf', headers: bearer(biz.admin) });
    expect(poster.statusCode).toBe(200);
    expect(await doneKeys(biz.owner)).toEqual(['points', 'store', 'join', 'poster']);

    const member = { firstName: 'Mei', lastName: 'Chan' };
    const created = await send(biz.owner, 'POST', '/api/tenants/member', member);
    expect(created.statusCode, created.body).toBe(201);
    expect(await doneKeys(biz.owner)).toEqual(['points', 'store', 'join', 'poster', 'firstMember']);
    expect(await doneKeys(other.owner)).toEqual([]);
  });

  it('a PNG download with download=1 counts as the poster step', async () => {
    const biz = await business(app);
    const res = await app.inject({ url: '/api/tenants/enrolment/poster.png?download=1', headers: bearer(biz.owner) });
    expect(res.statusCode).toBe(200);
    expect(await doneKeys(biz.owner)).toEqual(['poster']);
  });

  it('owners and admins dismiss it and bring it back; staff get 403 for both', async () => {
    const biz = await business(app);
    expect((await app.inject({ url, headers: bearer(biz.staff) })).statusCode).toBe(403);
    expect((await send(biz.staff, 'PUT', url, { dismissed: true })).statusCode).toBe(403);
    const dismissed = await send(biz.admin, 'PUT', url, { dismissed: true });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toMatchObject({ dismissed: true });
    expect((await read(biz.owner)).dismissed).toBe(true);
    expect((await send(biz.owner, 'PUT', url, { dismissed: false })).json()).toMatchObject({ dismissed: false });
  });

  it('a body without a boolean is 400 at dismissed', async () => {
    const biz = await business(app);
    const res = await send(biz.owner, 'PUT', url, { dismissed: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { dismissed: 'Dismissed must be true or false' } });
  });
});
