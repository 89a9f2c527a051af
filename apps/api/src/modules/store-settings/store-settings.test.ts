import { SETTINGS_MESSAGES } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { business, ownUpload, settingsApi } from '../../../test/support/pass-settings';
import { storeSettings } from '../../db/schema';

describe('store settings: /api/tenant/store-settings', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof settingsApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = settingsApi(app, '/api/tenant/store-settings', 'PUT');
  });
  afterAll(() => app.close());
  const storedRows = (tenantId: string) =>
    app.database.db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  const validBody = async (tenantId: string, overrides: Record<string, unknown> = {}) => ({
    logoUrl: await ownUpload(app, tenantId),
    text: 'Blue Bottle Bakery',
    backgroundUrl: await ownUpload(app, tenantId),
    ...overrides,
  });

  it('activation makes the row with the business name as the store name and no images yet', async () => {
    const biz = await business(app);
    const expected = { logoUrl: '', text: 'Blue Bottle Bakery', backgroundUrl: '' };
    expect((await api.get(biz.owner)).json()).toEqual(expected);
    expect((await api.get(biz.staff)).json()).toEqual(expected);
  });

  it('GET answers 404 while no row exists', async () => {
    const biz = await business(app);
    await app.database.db.delete(storeSettings).where(eq(storeSettings.tenantId, biz.tenantId));
    expect((await api.get(biz.owner)).statusCode).toBe(404);
    expect((await api.get(biz.staff)).statusCode).toBe(404);
  });

  it('PUT stores {logoUrl, text, backgroundUrl} with the name trimmed; GET answers the same', async () => {
    const biz = await business(app);
    const body = await validBody(biz.tenantId, { text: '  Blue Bottle  ' });
    const res = await api.save(biz.owner, body);
    expect(res.statusCode).toBe(200);
    const expected = { ...body, text: 'Blue Bottle' };
    expect(res.json()).toEqual(expected);
    expect((await api.get(biz.staff)).json()).toEqual(expected);
    const second = await validBody(biz.tenantId, { text: 'Renamed' });
    expect((await api.save(biz.admin, second)).json()).toEqual(second);
    const rows = await storedRows(biz.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(second);
  });

  const refusals: [string, (tenantId: string) => Record<string, unknown>, Record<string, string>][] = [
    ['empty logo', () => ({ logoUrl: '' }), { logoUrl: SETTINGS_MESSAGES.storeRequired }],
    ['blank name', () => ({ text: '   ' }), { text: SETTINGS_MESSAGES.storeRequired }],
    ['no name', () => ({ text: undefined }), { text: SETTINGS_MESSAGES.storeRequired }],
    ['no background', () => ({ backgroundUrl: undefined }), { backgroundUrl: SETTINGS_MESSAGES.storeRequired }],
    ['name too long', () => ({ text: 'x'.repeat(101) }), { text: 'At most 100 characters' }],
    ['control character', () => ({ text: 'Blue\u0000Bottle' }), { text: 'Contains characters that are not allowed' }],
    [
      'image of another site',
      () => ({ backgroundUrl: 'https://example.com/bg.png' }),
      { backgroundUrl: SETTINGS_MESSAGES.foreignImage },
    ],
    [
      'path escaping the tenant folder',
      (tenantId) => ({ logoUrl: `/files/${tenantId}/../other/x.png` }),
      { logoUrl: SETTINGS_MESSAGES.foreignImage },
    ],
  ];

  it.each(refusals)('%s: 400 naming the field, and the saved row stays as it was', async (_, change, errors) => {
    const biz = await business(app);
    const saved = await validBody(biz.tenantId);
    await api.save(biz.owner, saved);
    const res = await api.save(biz.owner, await validBody(biz.tenantId, change(biz.tenantId)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors });
    expect((await api.get(biz.owner)).json()).toEqual(saved);
  });

  it('an image uploaded by another tenant is refused on that field and nothing is stored', async () => {
    const mine = await business(app);
    const other = await business(app);
    const res = await api.save(
      mine.owner,
      await validBody(mine.tenantId, { logoUrl: await ownUpload(app, other.tenantId) }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ logoUrl: SETTINGS_MESSAGES.foreignImage });
    expect(await storedRows(mine.tenantId)).toMatchObject([{ logoUrl: '', text: 'Blue Bottle Bakery' }]);
  });

  it('staff may read (200) but not write (403)', async () => {
    const biz = await business(app);
    expect((await api.save(biz.staff, await validBody(biz.tenantId))).statusCode).toBe(403);
    expect(await storedRows(biz.tenantId)).toMatchObject([{ logoUrl: '', text: 'Blue Bottle Bakery' }]);
    const saved = await validBody(biz.tenantId);
    await api.save(biz.owner, saved);
    const read = await api.get(biz.staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved);
  });

  it('two saves at the same moment leave exactly one of the two bodies, whole', async () => {
    const biz = await business(app);
    const one = await validBody(biz.tenantId, { text: 'One' });
    const two = await validBody(biz.tenantId, { text: 'Two' });
    const [r1, r2] = await Promise.all([api.save(biz.owner, one), api.save(biz.admin, two)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(await storedRows(biz.tenantId)).toHaveLength(1);
    expect([one, two]).toContainEqual((await api.get(biz.owner)).json());
  });
});
