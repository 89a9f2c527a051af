import { SETTINGS_MESSAGES } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { business, ownUpload, settingsApi } from '../../../test/support/pass-settings';
import { passSettings } from '../../db/schema';

describe('wallet pass settings: /api/tenant/pass-settings', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof settingsApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = settingsApi(app, '/api/tenant/pass-settings', 'PUT');
  });
  afterAll(() => app.close());

  async function validBody(tenantId: string, overrides: Record<string, unknown> = {}) {
    return {
      style: 'storeCard',
      heroText: 'Welcome to Blue Bottle',
      showPoints: true,
      showLastUpdate: false,
      backgroundColor: '#112233',
      foregroundColor: '#ffffff',
      labelColor: '#e9d5ff',
      logoUrl: await ownUpload(app, tenantId),
      stripUrl: await ownUpload(app, tenantId),
      backgroundUrl: await ownUpload(app, tenantId),
      lblMemberName: 'Member',
      lblMembershipLvl: 'Tier',
      lblLastUpdate: 'Updated',
      lblPoints: 'Stars',
      // Each label in Traditional and Simplified Chinese; empty: the product's translation (docs/design.md §8).
      lblMemberNameZh: '會員',
      lblMemberNameCn: '',
      lblMembershipLvlZh: '',
      lblMembershipLvlCn: '级别',
      lblLastUpdateZh: '',
      lblLastUpdateCn: '',
      lblPointsZh: '星星',
      lblPointsCn: '星星',
      ...overrides,
    };
  }
  const storedRows = (tenantId: string) =>
    app.database.db.select().from(passSettings).where(eq(passSettings.tenantId, tenantId));

  it('GET answers 404 while nothing is saved, for staff and owner alike', async () => {
    const biz = await business(app);
    expect((await api.get(biz.owner)).statusCode).toBe(404);
    expect((await api.get(biz.staff)).statusCode).toBe(404);
  });

  it('PUT by the owner stores the settings, trimmed, colours in lower case; GET answers the same', async () => {
    const biz = await business(app);
    const body = await validBody(biz.tenantId, {
      heroText: '  Welcome to Blue Bottle  ',
      lblPoints: ' Stars ',
      backgroundColor: '#A855F7',
    });
    const res = await api.save(biz.owner, body);
    expect(res.statusCode).toBe(200);
    const expected = { ...body, heroText: 'Welcome to Blue Bottle', lblPoints: 'Stars', backgroundColor: '#a855f7' };
    expect(res.json()).toEqual(expected);
    const got = await api.get(biz.owner);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(expected);
    const rows = await storedRows(biz.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(expected);
  });

  it('a second PUT (by an admin) replaces the one row of the tenant', async () => {
    const biz = await business(app);
    expect((await api.save(biz.owner, await validBody(biz.tenantId))).statusCode).toBe(200);
    const second = await validBody(biz.tenantId, { style: 'generic', heroText: 'Second', showPoints: false });
    const res = await api.save(biz.admin, second);
    expect(res.statusCode).toBe(200);
    expect((await api.get(biz.staff)).json()).toEqual(second);
    expect(await storedRows(biz.tenantId)).toHaveLength(1);
  });

  it('staff may read (200) but not write (403); nothing is stored', async () => {
    const biz = await business(app);
    const res = await api.save(biz.staff, await validBody(biz.tenantId));
    expect(res.statusCode).toBe(403);
    expect(await storedRows(biz.tenantId)).toHaveLength(0);
    const saved = await validBody(biz.tenantId);
    await api.save(biz.owner, saved);
    const read = await api.get(biz.staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved);
  });

  it('another tenant never sees these settings', async () => {
    const a = await business(app);
    const b = await business(app);
    await api.save(a.owner, await validBody(a.tenantId));
    expect((await api.get(b.owner)).statusCode).toBe(404);
  });

  const refusals: [string, (tenantId: string) => Promise<Record<string, unknown>>, Record<string, string>][] = [
    ['blank hero text', async () => ({ heroText: '   ' }), { heroText: SETTINGS_MESSAGES.walletRequired }],
    ['no hero text', async () => ({ heroText: undefined }), { heroText: SETTINGS_MESSAGES.walletRequired }],
    ['empty logo', async () => ({ logoUrl: '' }), { logoUrl: SETTINGS_MESSAGES.walletRequired }],
    ['empty strip', async () => ({ stripUrl: '' }), { stripUrl: SETTINGS_MESSAGES.walletRequired }],
    ['empty background', async () => ({ backgroundUrl: '' }), { backgroundUrl: SETTINGS_MESSAGES.walletRequired }],
    ['short colour', async () => ({ backgroundColor: '#fff' }), { backgroundColor: SETTINGS_MESSAGES.color }],
    ['named colour', async () => ({ foregroundColor: 'red' }), { foregroundColor: SETTINGS_MESSAGES.color }],
    ['non-hex colour', async () => ({ labelColor: '#gggggg' }), { labelColor: SETTINGS_MESSAGES.color }],
    ['unknown style', async () => ({ style: 'boardingPass' }), { style: 'Card style must be storeCard or generic' }],
    ['label too long', async () => ({ lblPoints: 'x'.repeat(41) }), { lblPoints: 'At most 40 characters' }],
    [
      'Chinese label too long',
      async () => ({ lblPointsCn: '积'.repeat(41) }),
      { lblPointsCn: 'At most 40 characters' },
    ],
    ['hero text too long', async () => ({ heroText: 'x'.repeat(121) }), { heroText: 'At most 120 characters' }],
    [
      'control character in a label',
      async () => ({ lblMemberName: 'Na\u0007me' }),
      { lblMemberName: 'Contains characters that are not allowed' },
    ],
    ['show flag not boolean', async () => ({ showPoints: 'yes' }), { showPoints: 'Show points must be true or false' }],
    [
      'image of another site',
      async () => ({ logoUrl: 'https://evil.example/logo.png' }),
      { logoUrl: SETTINGS_MESSAGES.foreignImage },
    ],
    [
      'own-looking URL never uploaded',
      async (tenantId) => ({ stripUrl: `/files/${tenantId}/never-uploaded.png` }),
      { stripUrl: SETTINGS_MESSAGES.foreignImage },
    ],
  ];

  it.each(refusals)('%s: 400 naming the field, and the saved row stays as it was', async (_, change, errors) => {
    const biz = await business(app);
    const saved = await validBody(biz.tenantId);
    await api.save(biz.owner, saved);
    const res = await api.save(biz.owner, await validBody(biz.tenantId, await change(biz.tenantId)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors });
    expect((await api.get(biz.owner)).json()).toEqual(saved);
  });

  it('an image uploaded by another tenant is refused (400 on that field) and nothing is stored', async () => {
    const mine = await business(app);
    const other = await business(app);
    const foreign = await ownUpload(app, other.tenantId);
    const res = await api.save(mine.owner, await validBody(mine.tenantId, { backgroundUrl: foreign }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ backgroundUrl: SETTINGS_MESSAGES.foreignImage });
    expect(await storedRows(mine.tenantId)).toHaveLength(0);
  });

  it('an empty body names every required field at once', async () => {
    const biz = await business(app);
    const res = await api.save(biz.owner, {});
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(
      expect.arrayContaining(['style', 'heroText', 'logoUrl', 'stripUrl', 'backgroundUrl', 'backgroundColor']),
    );
  });

  it('two saves at the same moment leave exactly one of the two bodies, whole', async () => {
    const biz = await business(app);
    const one = await validBody(biz.tenantId, { heroText: 'One', style: 'storeCard', backgroundColor: '#111111' });
    const two = await validBody(biz.tenantId, { heroText: 'Two', style: 'generic', backgroundColor: '#222222' });
    const [r1, r2] = await Promise.all([api.save(biz.owner, one), api.save(biz.admin, two)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    const rows = await storedRows(biz.tenantId);
    expect(rows).toHaveLength(1);
    const stored = (await api.get(biz.owner)).json();
    expect([one, two]).toContainEqual(stored);
  });
});
