import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, testConfig } from '../../../../test/helpers';
import { fieldOnPhone, type PassOnPhone, passOnPhone, passUrl, unzipPass } from '../../../../test/support/apple-wallet';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../../test/support/members';
import { upload } from '../../../../test/support/wallet';
import { membershipTiers, walletPasses, walletPassTokens } from '../../../db/schema';

/** A served .pkpass, opened as Wallet would: every file hashed in the manifest, the manifest signed by the chain. */
describe('Apple Wallet pass of a member', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let memberId: string;
  const devDir = testConfig().wallet.devDir;

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    const tiers = await insertTiers(app, biz.tenantId);
    // A tier name with a quote and a line break: the strings file must still parse.
    await app.database.db
      .update(membershipTiers)
      .set({ name: 'Gold "Star"', nameZh: '金卡\n貴賓', nameCn: '金卡"贵宾"' })
      .where(eq(membershipTiers.id, tiers.gold));
    await insertSettings(app, biz.tenantId);
    memberId = await addMember(app, biz.owner, { firstName: 'Mia', lastName: 'Chen', tierId: tiers.gold });
    const purchase = await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount: 12.5 });
    expect(purchase.statusCode).toBe(201);
  });
  afterAll(() => app?.close());

  const download = async (token: string, id = memberId) => app.inject({ url: passUrl(id), headers: bearer(token) });

  it('gives a tenant without a design a clean default card, signed by the development chain', async () => {
    const res = await download(biz.staff);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w-]+\.pkpass"$/);
    const { dir, files } = unzipPass(res.rawPayload);
    const manifest = JSON.parse(files['manifest.json']?.toString() ?? '{}') as Record<string, string>;
    const signed = Object.keys(files).filter((f) => f !== 'manifest.json' && f !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(signed.sort());
    for (const name of signed) {
      expect(manifest[name], name).toBe(
        createHash('sha1')
          .update(files[name] as Buffer)
          .digest('hex'),
      );
    }
    // openssl verifies the detached signature over the manifest against the development root.
    const verified = execFileSync(
      'openssl',
      ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json'].concat([
        '-CAfile',
        join(devDir, 'root.pem'),
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]),
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(verified).toBeDefined();
    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    expect(pass.backgroundColor).toBe('rgb(168, 85, 247)');
    expect(pass.serialNumber).toBe(memberId);
    expect(pass.webServiceURL).toBe('http://localhost:3000/api/passkit');
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(32);
    expect(pass.storeCard.headerFields[0]).toMatchObject({ key: 'points', value: 125 });
    // The token is derived, not stored: no token row, and nothing stored holds it.
    const rows = await app.database.db.select().from(walletPassTokens).where(eq(walletPassTokens.memberId, memberId));
    expect(rows).toEqual([]);
    const passes = await app.database.db.select().from(walletPasses).where(eq(walletPasses.memberId, memberId));
    expect(passes).toHaveLength(1);
    expect(JSON.stringify(passes)).not.toContain(pass.authenticationToken);
    // Icon, logo and strip at Apple's sizes even without images: plain tiles in the card's colour.
    expect(await sharp(files['icon@2x.png']).metadata()).toMatchObject({ width: 58, height: 58 });
  });

  it('builds the card from the wallet and store settings, in three languages, with the membership code as QR', async () => {
    const logo = await upload(app, biz.owner, 512, 512);
    const strip = await upload(app, biz.owner, 640, 246);
    const background = await upload(app, biz.owner, 320, 180);
    const design = {
      style: 'storeCard',
      heroText: 'Bakery Rewards',
      showPoints: true,
      showLastUpdate: true,
      backgroundColor: '#102030',
      foregroundColor: '#ffffff',
      labelColor: '#aabbcc',
      logoUrl: logo,
      stripUrl: strip,
      backgroundUrl: background,
      lblMemberName: 'Member Name',
      lblMembershipLvl: 'Level',
      lblLastUpdate: 'Last Update',
      lblPoints: 'Points',
    };
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenant/pass-settings',
      headers: bearer(biz.owner),
      payload: design,
    });
    expect(saved.statusCode).toBe(200);
    const store = await app.inject({
      method: 'PUT',
      url: '/api/tenant/store-settings',
      headers: bearer(biz.owner),
      payload: { logoUrl: logo, text: 'Open "daily" 8–20', backgroundUrl: background },
    });
    expect(store.statusCode).toBe(200);

    const res = await download(biz.staff);
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    expect(pass).toMatchObject({
      formatVersion: 1,
      backgroundColor: 'rgb(16, 32, 48)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(170, 187, 204)',
      logoText: 'Bakery Rewards',
      sharingProhibited: true,
    });
    const detail = (await membersApi(app).get(biz.staff, memberId)).json();
    expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', message: detail.membershipCode });
    expect(pass.barcodes[1]).toMatchObject({ format: 'PKBarcodeFormatCode128', message: detail.membershipCode });
    expect(pass.storeCard.secondaryFields.map((f: { key: string }) => f.key)).toEqual(['member', 'tier']);
    expect(pass.storeCard.auxiliaryFields[0].key).toBe('updated');
    expect(pass.storeCard.backFields.find((f: { key: string }) => f.key === 'about').value).toBe('Open "daily" 8–20');

    // What a phone in each language shows: the tier name with its quote and line break reads back whole.
    const phones = ['en', 'zh-Hant', 'zh-Hans'].map((lang) => passOnPhone(files, lang));
    const [en, hant, hans] = phones as [PassOnPhone, PassOnPhone, PassOnPhone];
    expect(phones.map((p) => fieldOnPhone(p, 'tier')?.value)).toEqual(['Gold "Star"', '金卡\n貴賓', '金卡"贵宾"']);
    // The tenant's own English label stays English; Chinese passes read the product's translation.
    expect([en, hant].map((p) => fieldOnPhone(p, 'tier')?.label)).toEqual(['Level', '會員等級']);
    expect(phones.map((p) => fieldOnPhone(p, 'points')?.label)).toEqual(['Points', '積分', '积分']);
    expect(fieldOnPhone(hans, 'points')?.changeMessage).toBe('您现在有 %@ 积分');

    const sizes: Record<string, [number, number]> = {
      'icon.png': [29, 29],
      'icon@3x.png': [87, 87],
      'strip.png': [375, 123],
      'strip@2x.png': [750, 246],
      'strip@3x.png': [1125, 369],
    };
    for (const [name, [width, height]] of Object.entries(sizes)) {
      expect(await sharp(files[name]).metadata(), name).toMatchObject({ width, height });
    }
    const logoSize = await sharp(files['logo@2x.png']).metadata();
    expect(logoSize.height).toBe(100);
    expect(logoSize.width).toBeLessThanOrEqual(320);
  });

  it('writes a Chinese name family name first, and each label in its language, the product’s where none is given', async () => {
    const chinese = await addMember(app, biz.owner, { firstName: '大文', lastName: '陳' });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenant/pass-settings',
      headers: bearer(biz.owner),
      payload: {
        style: 'storeCard',
        heroText: 'Bakery Rewards',
        showPoints: true,
        showLastUpdate: true,
        backgroundColor: '#102030',
        foregroundColor: '#ffffff',
        labelColor: '#aabbcc',
        logoUrl: await upload(app, biz.owner, 512, 512),
        stripUrl: await upload(app, biz.owner, 640, 246),
        backgroundUrl: await upload(app, biz.owner, 320, 180),
        lblMemberName: 'Member Name',
        lblMembershipLvl: 'Membership Level',
        lblLastUpdate: 'Last Update',
        lblPoints: 'Bread Points',
        lblPointsZh: ' 麵包積分 ',
        lblMemberNameCn: '顾客',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ lblPointsZh: '麵包積分', lblPointsCn: '', lblMemberNameCn: '顾客' });
    const { files } = unzipPass((await download(biz.staff, chinese)).rawPayload);
    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ key: 'member', value: '陳大文' });
    const phones = ['en', 'zh-Hant', 'zh-Hans'].map((lang) => passOnPhone(files, lang));
    expect(phones.map((p) => fieldOnPhone(p, 'points')?.label)).toEqual(['Bread Points', '麵包積分', '积分']);
    expect(phones.map((p) => fieldOnPhone(p, 'member')?.label)).toEqual(['Member Name', '會員姓名', '顾客']);
    // A spec client that sends only the spec's labels keeps the Chinese ones.
    const again = await app.inject({
      method: 'PUT',
      url: '/api/tenant/pass-settings',
      headers: bearer(biz.owner),
      payload: {
        ...(saved.json() as object),
        lblPointsZh: undefined,
        lblPointsCn: undefined,
        lblMemberNameCn: undefined,
      },
    });
    expect(again.json()).toMatchObject({ lblPointsZh: '麵包積分', lblMemberNameCn: '顾客' });
  });

  it('refuses other tenants, unknown members and callers without a token', async () => {
    const other = await business(app);
    expect((await download(other.owner)).statusCode).toBe(404);
    expect((await download(biz.staff, randomUUID())).statusCode).toBe(404);
    expect((await app.inject({ url: passUrl(memberId) })).statusCode).toBe(401);
  });
});
