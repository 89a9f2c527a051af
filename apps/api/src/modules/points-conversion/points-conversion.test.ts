import { SETTINGS_MESSAGES } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { business, settingsApi } from '../../../test/support/pass-settings';
import { pointsConversionSettings } from '../../db/schema';

const M = SETTINGS_MESSAGES;
const valid = (overrides: Record<string, unknown> = {}) => ({
  earnRateAmount: 10,
  earnRatePoints: 100,
  redeemRatePoints: 100,
  redeemRateAmount: 1,
  minimumRedemption: 100,
  maximumRedemption: 10000,
  expiryType: 'NEVER',
  pointsExpiryDays: null,
  pointsExpiryDate: null,
  isActive: true,
  description: 'Spend and save',
  refundWindowDays: 90,
  maxPointsPerPurchase: null,
  maxPurchasesPerMemberPerDay: null,
  staffMaxPurchaseAmount: null,
  expiryWarningDays: null,
  ...overrides,
});

describe('points conversion settings: /api/points-conversion', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof settingsApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = settingsApi(app, '/api/points-conversion', 'POST');
  });
  afterAll(() => app.close());
  const storedRows = (tenantId: string) =>
    app.database.db.select().from(pointsConversionSettings).where(eq(pointsConversionSettings.tenantId, tenantId));

  it('GET answers 404 while nothing is saved', async () => {
    const biz = await business(app);
    expect((await api.get(biz.owner)).statusCode).toBe(404);
    expect((await api.get(biz.staff)).statusCode).toBe(404);
  });

  it('POST stores the settings; answers and GET carry JSON numbers under the spec names', async () => {
    const biz = await business(app);
    const body = valid({ earnRateAmount: 0.29, redeemRateAmount: 12.5, description: '  Spend and save ' });
    const res = await api.save(biz.owner, body);
    expect(res.statusCode).toBe(200);
    const expected = { ...body, description: 'Spend and save' };
    expect(res.json()).toEqual(expected);
    const got = (await api.get(biz.staff)).json();
    expect(got).toEqual(expected);
    expect(typeof got.earnRateAmount).toBe('number');
    const [row] = await storedRows(biz.tenantId);
    expect(row).toMatchObject({ earnRateAmount: '0.29', redeemRateAmount: '12.50', earnRatePoints: 100 });
  });

  it('optional limits, type, active flag and description may be left out: null, NEVER, true, empty', async () => {
    const biz = await business(app);
    const res = await api.save(biz.admin, {
      earnRateAmount: 5,
      earnRatePoints: 1,
      redeemRatePoints: 50,
      redeemRateAmount: 2.5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      earnRateAmount: 5,
      earnRatePoints: 1,
      redeemRatePoints: 50,
      redeemRateAmount: 2.5,
      minimumRedemption: null,
      maximumRedemption: null,
      expiryType: 'NEVER',
      pointsExpiryDays: null,
      pointsExpiryDate: null,
      isActive: true,
      description: '',
      refundWindowDays: 90,
      maxPointsPerPurchase: null,
      maxPurchasesPerMemberPerDay: null,
      staffMaxPurchaseAmount: null,
      expiryWarningDays: null,
    });
  });

  it('the refund window and limits are saved; a body without them keeps them, null clears one', async () => {
    const biz = await business(app);
    const limits = {
      refundWindowDays: 30,
      maxPointsPerPurchase: 500,
      maxPurchasesPerMemberPerDay: 3,
      staffMaxPurchaseAmount: 250.5,
      expiryWarningDays: 14,
    };
    expect((await api.save(biz.owner, valid(limits))).json()).toMatchObject(limits);
    // A client sending only the older fields (the spec's screen) changes none of them.
    const older: Record<string, unknown> = valid({ description: 'Older client' });
    for (const key of Object.keys(limits)) delete older[key];
    const kept = await api.save(biz.owner, older);
    expect(kept.json()).toEqual({ ...valid(limits), description: 'Older client' });
    const cleared = await api.save(biz.owner, { ...older, refundWindowDays: null, staffMaxPurchaseAmount: null });
    expect(cleared.json()).toMatchObject({ ...limits, refundWindowDays: null, staffMaxPurchaseAmount: null });
    const bad = await api.save(biz.owner, valid({ maxPurchasesPerMemberPerDay: 0, refundWindowDays: 1.5 }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['maxPurchasesPerMemberPerDay', 'refundWindowDays']);
  });

  it('DAYS keeps the days and clears the date', async () => {
    const biz = await business(app);
    const res = await api.save(
      biz.owner,
      valid({ expiryType: 'DAYS', pointsExpiryDays: 3650, pointsExpiryDate: '2030-01-01T00:00:00' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expiryType: 'DAYS', pointsExpiryDays: 3650, pointsExpiryDate: null });
    const [row] = await storedRows(biz.tenantId);
    expect(row).toMatchObject({ pointsExpiryDays: 3650, pointsExpiryDate: null });
  });

  it('DATE keeps the date-time (without offset read as UTC) and clears the days', async () => {
    const biz = await business(app);
    const res = await api.save(
      biz.owner,
      valid({ expiryType: 'DATE', pointsExpiryDate: '2030-06-30T12:30', pointsExpiryDays: 365 }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      expiryType: 'DATE',
      pointsExpiryDays: null,
      pointsExpiryDate: '2030-06-30T12:30:00.000Z',
    });
    const withOffset = await api.save(
      biz.owner,
      valid({ expiryType: 'DATE', pointsExpiryDate: '2030-06-30T12:30:00+02:00' }),
    );
    expect(withOffset.json().pointsExpiryDate).toBe('2030-06-30T10:30:00.000Z');
  });

  it('NEVER clears both the days and the date', async () => {
    const biz = await business(app);
    await api.save(biz.owner, valid({ expiryType: 'DAYS', pointsExpiryDays: 30 }));
    const res = await api.save(
      biz.owner,
      valid({ expiryType: 'NEVER', pointsExpiryDays: 30, pointsExpiryDate: '2030-01-01T00:00:00' }),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await storedRows(biz.tenantId);
    expect(row).toMatchObject({ expiryType: 'NEVER', pointsExpiryDays: null, pointsExpiryDate: null });
  });

  it('minimum equal to maximum is accepted', async () => {
    const biz = await business(app);
    const res = await api.save(biz.owner, valid({ minimumRedemption: 500, maximumRedemption: 500 }));
    expect(res.statusCode).toBe(200);
  });

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no earn amount', { earnRateAmount: null }, { earnRateAmount: M.earnRate }],
    ['no earn points', { earnRatePoints: undefined }, { earnRatePoints: M.earnRate }],
    ['no redeem points', { redeemRatePoints: null }, { redeemRatePoints: M.redeemRate }],
    ['no redeem amount', { redeemRateAmount: undefined }, { redeemRateAmount: M.redeemRate }],
    ['amount as text', { earnRateAmount: '10' }, { earnRateAmount: M.earnRate }],
    ['zero earn amount', { earnRateAmount: 0 }, { earnRateAmount: M.amountPositive }],
    ['negative redeem amount', { redeemRateAmount: -1 }, { redeemRateAmount: M.amountPositive }],
    ['three decimals', { earnRateAmount: 1.234 }, { earnRateAmount: M.amountDecimals }],
    ['amount too large', { redeemRateAmount: 1_000_000.01 }, { redeemRateAmount: M.amountTooLarge }],
    ['fractional points', { earnRatePoints: 1.5 }, { earnRatePoints: M.pointsWhole }],
    ['zero points', { redeemRatePoints: 0 }, { redeemRatePoints: M.pointsWhole }],
    ['points too large', { earnRatePoints: 2_000_000_000 }, { earnRatePoints: M.pointsTooLarge }],
    ['zero minimum', { minimumRedemption: 0 }, { minimumRedemption: M.pointsWhole }],
    ['fractional maximum', { maximumRedemption: 10.5 }, { maximumRedemption: M.pointsWhole }],
    ['minimum above maximum', { minimumRedemption: 200, maximumRedemption: 100 }, { maximumRedemption: M.maxBelowMin }],
    ['DAYS without days', { expiryType: 'DAYS', pointsExpiryDays: null }, { pointsExpiryDays: M.expiryDays }],
    ['DAYS with 0 days', { expiryType: 'DAYS', pointsExpiryDays: 0 }, { pointsExpiryDays: M.expiryDaysRange }],
    ['DAYS with 3651 days', { expiryType: 'DAYS', pointsExpiryDays: 3651 }, { pointsExpiryDays: M.expiryDaysRange }],
    ['DAYS with 1.5 days', { expiryType: 'DAYS', pointsExpiryDays: 1.5 }, { pointsExpiryDays: M.expiryDaysRange }],
    ['DATE without date', { expiryType: 'DATE', pointsExpiryDate: null }, { pointsExpiryDate: M.expiryDate }],
    ['DATE not a date', { expiryType: 'DATE', pointsExpiryDate: 'tomorrow' }, { pointsExpiryDate: M.expiryDate }],
    [
      'DATE impossible day',
      { expiryType: 'DATE', pointsExpiryDate: '2030-02-30T10:00:00' },
      { pointsExpiryDate: M.expiryDate },
    ],
    ['unknown expiry type', { expiryType: 'MONTHS' }, { expiryType: 'Expiry type must be NEVER, DAYS or DATE' }],
    ['active not boolean', { isActive: 'yes' }, { isActive: 'Active must be true or false' }],
    ['description too long', { description: 'x'.repeat(1001) }, { description: 'At most 1000 characters' }],
  ];

  it.each(refusals)('%s: 400 naming the field, and the saved row stays as it was', async (_, change, errors) => {
    const biz = await business(app);
    const saved = valid();
    await api.save(biz.owner, saved);
    const res = await api.save(biz.owner, valid(change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors });
    expect((await api.get(biz.owner)).json()).toEqual(saved);
  });

  it('a refused first body stores nothing; several bad fields are named at once', async () => {
    const biz = await business(app);
    const res = await api.save(
      biz.owner,
      valid({ earnRateAmount: null, minimumRedemption: 9, maximumRedemption: 1, expiryType: 'DAYS' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      earnRateAmount: M.earnRate,
      maximumRedemption: M.maxBelowMin,
      pointsExpiryDays: M.expiryDays,
    });
    expect(await storedRows(biz.tenantId)).toHaveLength(0);
  });

  it('a JSON null or a list as the body is a 400, never a 500', async () => {
    const biz = await business(app);
    for (const payload of ['null', '[]', '"text"']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/points-conversion',
        headers: { authorization: `Bearer ${biz.owner}`, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await storedRows(biz.tenantId)).toHaveLength(0);
  });

  it('staff may read (200) but not write (403)', async () => {
    const biz = await business(app);
    expect((await api.save(biz.staff, valid())).statusCode).toBe(403);
    expect(await storedRows(biz.tenantId)).toHaveLength(0);
    await api.save(biz.owner, valid());
    const read = await api.get(biz.staff);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(valid());
  });

  it('two saves at the same moment leave exactly one of the two bodies, whole', async () => {
    const biz = await business(app);
    const one = valid({ earnRateAmount: 1, earnRatePoints: 1, expiryType: 'DAYS', pointsExpiryDays: 10 });
    const two = valid({
      earnRateAmount: 2,
      earnRatePoints: 2,
      expiryType: 'DATE',
      pointsExpiryDate: '2031-01-01T00:00:00.000Z',
    });
    const [r1, r2] = await Promise.all([api.save(biz.owner, one), api.save(biz.admin, two)]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(await storedRows(biz.tenantId)).toHaveLength(1);
    expect([one, two]).toContainEqual((await api.get(biz.owner)).json());
  });
});
