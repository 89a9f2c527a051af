import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { fieldOnPhone, passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { addMember, business, insertSettings } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { pointsConversionSettings } from '../../db/schema';
import { loyaltyObjectFields } from '../wallet/google/pass';
import { findPassData } from '../wallet/pass-data';

const rgbOf = (text: string) => (text.match(/\d+/g) ?? []).map(Number);

/** The colour of the strip's pixel at (x, y) pt, at `scale`. */
async function pixel(png: Buffer, scale: number, x: number, y: number) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

/** The centre (pt) of the i-th place of a one-row card of `total` on the 375×123 strip, as strip.ts draws it. */
function place(i: number, total: number) {
  const gap = 8;
  const d = Math.min((375 - 24 - gap * (total - 1)) / total, 103, 44);
  const left = (375 - (total * d + (total - 1) * gap)) / 2;
  return { x: left + i * (d + gap) + d / 2, y: 123 / 2, r: d / 2 };
}

/** The pass draws the stamp card (docs/design.md §10): Apple's strip and `Stamps 3/8`, Google's figure and picture. */
describe('the stamp card on the passes', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let memberId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    await insertSettings(app, biz.tenantId);
    const rewardId = await addReward(app, biz.owner);
    const stamps = stampsApi(app);
    expect((await stamps.save(biz.owner, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    memberId = await addMember(app, biz.owner);
    expect((await stamps.add(biz.staff, memberId, { count: 3 })).statusCode).toBe(201);
  });
  afterAll(() => app?.close());

  it('Apple: a Stamps 3/8 header field in three languages and the strip drawn with 3 of 8 filled, at @1x–@3x', async () => {
    const res = await app.inject({ url: passUrl(memberId), headers: bearer(biz.staff) });
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    const english = passOnPhone(files, 'en');
    expect(fieldOnPhone(english, 'stamps')).toMatchObject({ label: 'Stamps', value: '3/8' });
    expect(fieldOnPhone(passOnPhone(files, 'zh-HK'), 'stamps')?.label).toBe('印花');
    expect(fieldOnPhone(passOnPhone(files, 'zh-CN'), 'stamps')?.label).toBe('印章');
    expect(fieldOnPhone(english, 'stamps')?.changeMessage).toBe('Stamps: %@');
    expect(fieldOnPhone(english, 'points')).toBeDefined();

    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    const background = rgbOf(pass.backgroundColor);
    const filled = rgbOf(pass.foregroundColor);
    for (const [name, scale] of [
      ['strip.png', 1],
      ['strip@2x.png', 2],
      ['strip@3x.png', 3],
    ] as const) {
      const png = files[name] as Buffer;
      expect(await sharp(png).metadata(), name).toMatchObject({ width: 375 * scale, height: 123 * scale });
      for (let i = 0; i < 8; i++) {
        const p = place(i, 8);
        // Inside each place, above its tick: the foreground colour when stamped, the background when not.
        const seen = await pixel(png, scale, p.x, p.y - p.r * 0.6);
        expect(seen, `${name} place ${i + 1}`).toEqual(i < 3 ? filled : background);
      }
    }
  });

  it('Google: 3/8 beside the points, or in their place when points are off, and the same picture at a public URL', async () => {
    const data = await findPassData(app.database.db, biz.tenantId, memberId);
    if (!data) throw new Error('no pass data');
    const object = loyaltyObjectFields(data, 'https://loyalty.example');
    expect(object.secondaryLoyaltyPoints).toMatchObject({ label: 'Stamps', balance: { string: '3/8' } });
    expect(object.loyaltyPoints?.balance).toEqual({ int: 0 });
    const uri = object.heroImage?.sourceUri.uri ?? '';
    expect(uri.startsWith('https://loyalty.example/api/public/stamp-card/')).toBe(true);
    const image = await app.inject({ url: uri.replace('https://loyalty.example', '') });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 1125, height: 369 });

    await app.database.db
      .update(pointsConversionSettings)
      .set({ isActive: false })
      .where(eq(pointsConversionSettings.tenantId, biz.tenantId));
    const off = await findPassData(app.database.db, biz.tenantId, memberId);
    if (!off) throw new Error('no pass data');
    const stampsOnly = loyaltyObjectFields(off, 'https://loyalty.example');
    expect(stampsOnly.loyaltyPoints).toMatchObject({ label: 'Stamps', balance: { string: '3/8' } });
    expect(stampsOnly.secondaryLoyaltyPoints).toBeUndefined();
  });
});
