import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine } from '../../../../test/helpers';
import { googleIssuer, jwtOf, TEST_ISSUER_ID } from '../../../../test/support/google-wallet';
import type { GoogleStandIn } from '../../../../test/support/google-wallet-stand-in';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../../test/support/members';
import { eventually, upload } from '../../../../test/support/wallet';
import { membershipTiers } from '../../../db/schema';
import { googleDevFiles } from './credentials';
import { SAVE_JWT_MAX } from './pass';

const linkUrl = (id: string) => `/api/tenants/member/${id}/passes/google`;
type Claims = { payload: { loyaltyClasses?: Record<string, unknown>[]; loyaltyObjects: Record<string, unknown>[] } };

/** The JSON inside the JWT as sent: raw UTF-8 (a `\u` escape would cost characters the link does not have). */
const payloadText = (jwt: string) => Buffer.from(jwt.split('.')[1] as string, 'base64url').toString('utf8');

/** A tier with long names in three languages, and a member in Chinese on it: the link that cannot hold the object. */
async function longTierMember(app: FastifyInstance, biz: Awaited<ReturnType<typeof business>>, tierId: string) {
  await app.database.db
    .update(membershipTiers)
    .set({
      name: 'Platinum Grand Reserve Lifetime Members Circle',
      nameZh: '白金尊尚終身貴賓會員俱樂部至尊會籍',
      nameCn: '白金尊尚终身贵宾会员俱乐部至尊会籍',
    })
    .where(eq(membershipTiers.id, tierId));
  return addMember(app, biz.owner, { firstName: '陳大文', lastName: '歐陽志明', tierId });
}

describe('Google Wallet save link with the development key (offline)', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-google-dev-'));

  beforeAll(async () => {
    app = await buildTestApp({ DATA_DIR: dataDir });
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
  });
  afterAll(() => app?.close());

  // The development key's public half, as a tester holds it: the link verifies offline.
  const publicKey = () => {
    const key = JSON.parse(readFileSync(join(dataDir, 'wallet-dev', googleDevFiles.key), 'utf8'));
    return { key, issuerId: readFileSync(join(dataDir, 'wallet-dev', googleDevFiles.issuerId), 'utf8').trim() };
  };

  it('signs a save link with the service account key: Google’s claims, the member and the design inside', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Mia', lastName: 'Chen', tierId: tiers.silver });
    await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount: 12.5 });
    const res = await app.inject({ url: linkUrl(memberId), headers: bearer(biz.staff) });
    expect(res.statusCode).toBe(200);
    const { saveUrl } = res.json();
    expect(saveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const { key, issuerId } = publicKey();
    const { createPublicKey } = await import('node:crypto');
    const spki = createPublicKey(key.private_key).export({ type: 'spki', format: 'pem' }) as string;
    const verified = await jwtVerify(jwtOf(saveUrl), await importSPKI(spki, 'RS256'), {
      issuer: key.client_email,
      audience: 'google',
    });
    expect(verified.protectedHeader).toMatchObject({ alg: 'RS256', kid: key.private_key_id });
    expect(verified.payload).toMatchObject({ typ: 'savetowallet', origins: ['http://localhost:3000'] });
    expect(jwtOf(saveUrl).length).toBeLessThanOrEqual(SAVE_JWT_MAX);
    const { payload } = verified.payload as unknown as Claims;
    const detail = (await membersApi(app).get(biz.staff, memberId)).json();
    const object = payload.loyaltyObjects[0];
    expect(object).toMatchObject({
      id: `${issuerId}.${memberId}`,
      classId: `${issuerId}.${biz.tenantId}`,
      state: 'ACTIVE',
      accountName: 'Mia Chen',
      accountId: detail.membershipCode,
      loyaltyPoints: { label: 'Points', balance: { int: 125 } },
      barcode: { type: 'QR_CODE', value: detail.membershipCode, alternateText: detail.membershipCode },
    });
    expect(object).toMatchObject({
      loyaltyPoints: {
        localizedLabel: {
          translatedValues: [
            { language: 'zh-TW', value: '積分' },
            { language: 'zh-CN', value: '积分' },
          ],
        },
      },
      textModulesData: [{ id: 'tier', header: 'Membership Level', body: 'Silver' }],
    });
    // With the development key nothing goes to Google; the member's state says so.
    const status = await app.inject({ url: `${linkUrl(memberId)}/status`, headers: bearer(biz.staff) });
    expect(status.json()).toMatchObject({ issued: true, sync: 'offline', objectId: `${issuerId}.${memberId}` });
    expect(status.json().confirmedAt).toBeNull();
  });

  it('keeps the JWT within 1,800 characters for Chinese names and a long tier name: both by id', async () => {
    const memberId = await longTierMember(app, biz, tiers.gold);
    const res = await app.inject({ url: linkUrl(memberId), headers: bearer(biz.staff) });
    expect(res.statusCode).toBe(200);
    const jwt = jwtOf(res.json().saveUrl);
    expect(jwt.length).toBeLessThanOrEqual(SAVE_JWT_MAX);
    const { issuerId } = publicKey();
    expect((decodeJwt(jwt) as unknown as Claims).payload).toEqual({
      loyaltyObjects: [{ id: `${issuerId}.${memberId}`, classId: `${issuerId}.${biz.tenantId}` }],
    });
  });

  it('writes Chinese as raw UTF-8 inside the JWT', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: '美', lastName: '陳' });
    const jwt = jwtOf((await app.inject({ url: linkUrl(memberId), headers: bearer(biz.staff) })).json().saveUrl);
    const text = payloadText(jwt);
    // Family name first, no space, as a Chinese reader writes it.
    expect(text).toContain('"accountName":"陳美"');
    expect(text).not.toContain('\\u');
  });

  it('refuses other tenants, unknown members and callers without a token', async () => {
    const memberId = await addMember(app, biz.owner);
    const other = await business(app);
    expect((await app.inject({ url: linkUrl(memberId), headers: bearer(other.owner) })).statusCode).toBe(404);
    expect((await app.inject({ url: linkUrl(randomUUID()), headers: bearer(biz.staff) })).statusCode).toBe(404);
    expect((await app.inject({ url: linkUrl(memberId) })).statusCode).toBe(401);
    const status = await app.inject({ url: `${linkUrl(randomUUID())}/status`, headers: bearer(biz.staff) });
    expect(status.statusCode).toBe(404);
  });
});

describe(`Google Wallet REST sync through a stand-in on ${engine}`, () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;
  let google: GoogleStandIn;
  const classId = () => `${TEST_ISSUER_ID}.${biz.tenantId}`;
  const objectId = (memberId: string) => `${TEST_ISSUER_ID}.${memberId}`;
  const callsTo = (method: string, path: string) =>
    google.calls.filter((c) => c.method === method && c.path.endsWith(path));

  beforeAll(async () => {
    const issuer = await googleIssuer();
    google = issuer.standIn;
    app = await buildTestApp({
      ...issuer.env,
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.jobs.start();
    biz = await business(app);
    tiers = await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
  });

  const link = async (memberId: string) => {
    const res = await app.inject({ url: linkUrl(memberId), headers: bearer(biz.staff) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().saveUrl as string;
  };
  const status = async (memberId: string) =>
    (await app.inject({ url: `${linkUrl(memberId)}/status`, headers: bearer(biz.staff) })).json();

  it('inserts the class before the first link, the object inline; a purchase PATCHes it with an update notice', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Ada', lastName: 'Lee', tierId: tiers.basic });
    const saveUrl = await link(memberId);
    const [classInsert] = callsTo('POST', '/loyaltyClass');
    expect(classInsert?.status).toBe(200);
    expect(classInsert?.body).toMatchObject({
      id: classId(),
      issuerName: expect.any(String),
      hexBackgroundColor: '#a855f7',
      reviewStatus: 'UNDER_REVIEW',
      localizedAccountNameLabel: {
        translatedValues: [
          { language: 'zh-TW', value: '會員姓名' },
          { language: 'zh-CN', value: '会员姓名' },
        ],
      },
    });
    // The object travels inside the link; Google holds it once the member saves it.
    expect(callsTo('POST', '/loyaltyObject')).toEqual([]);
    const claims = (await google.save(saveUrl)) as unknown as Claims;
    expect(claims.payload.loyaltyObjects[0]?.id).toBe(objectId(memberId));
    expect(google.objects.get(objectId(memberId))).toMatchObject({
      hasUsers: true,
      loyaltyPoints: { balance: { int: 0 } },
    });

    expect((await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount: 20 })).statusCode).toBe(201);
    expect(await eventually(() => callsTo('PATCH', `/loyaltyObject/${objectId(memberId)}`).length > 0)).toBe(true);
    const [patch] = callsTo('PATCH', `/loyaltyObject/${objectId(memberId)}`);
    expect(patch).toMatchObject({
      status: 200,
      body: { notifyPreference: 'NOTIFY_ON_UPDATE', loyaltyPoints: { balance: { int: 200 } } },
    });
    expect(google.objects.get(objectId(memberId))).toMatchObject({ loyaltyPoints: { balance: { int: 200 } } });
    expect(await eventually(async () => (await status(memberId)).confirmedAt !== null)).toBe(true);
    expect(await status(memberId)).toMatchObject({ issued: true, sync: 'rest', lastError: null });
    const dashboard = await app.inject({ url: '/api/dashboard', headers: bearer(biz.staff) });
    expect(dashboard.json().walletCards.count).toBe(1);

    // A change that leaves the balance alone asks for no notice (Google allows three a day).
    const renamed = { firstName: 'Adeline', lastName: 'Lee', status: 'active', tierId: tiers.basic };
    expect((await membersApi(app).update(biz.owner, memberId, renamed)).statusCode).toBe(200);
    expect(await eventually(() => callsTo('PATCH', `/loyaltyObject/${objectId(memberId)}`).length > 1)).toBe(true);
    const rename = callsTo('PATCH', `/loyaltyObject/${objectId(memberId)}`)[1];
    expect(rename?.body).toMatchObject({ accountName: 'Adeline Lee' });
    expect(rename?.body).not.toHaveProperty('notifyPreference');
    // One token grant, reused for every call.
    expect(google.state.tokenGrants).toBe(1);
  });

  it('inserts the object by REST first when the link would be too long, and links it by id', async () => {
    const memberId = await longTierMember(app, biz, tiers.gold);
    const before = google.calls.length;
    const saveUrl = await link(memberId);
    const made = google.calls.slice(before).filter((c) => c.path.endsWith('/loyaltyObject'));
    expect(made).toMatchObject([
      { method: 'POST', status: 200, body: { id: objectId(memberId), accountName: '歐陽志明陳大文' } },
    ]);
    expect(made[0]?.body?.textModulesData).toMatchObject([
      {
        body: 'Platinum Grand Reserve Lifetime Members Circle',
        localizedBody: {
          translatedValues: [
            { language: 'zh-TW', value: '白金尊尚終身貴賓會員俱樂部至尊會籍' },
            { language: 'zh-CN', value: '白金尊尚终身贵宾会员俱乐部至尊会籍' },
          ],
        },
      },
    ]);
    expect(jwtOf(saveUrl).length).toBeLessThanOrEqual(SAVE_JWT_MAX);
    await google.save(saveUrl);
    expect(google.objects.get(objectId(memberId))?.hasUsers).toBe(true);
    expect((await status(memberId)).insertedAt).not.toBeNull();
    // A second link finds the object inserted already.
    const again = google.calls.length;
    await link(memberId);
    expect(google.calls.slice(again).filter((c) => c.path.endsWith('/loyaltyObject'))).toEqual([]);
  });

  it('confirms a saved inline object by reading it at Google when the member’s state is asked for', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Sam', lastName: 'Yu' });
    const saveUrl = await link(memberId);
    expect((await status(memberId)).confirmedAt).toBeNull();
    const cards = async () =>
      (await app.inject({ url: '/api/dashboard', headers: bearer(biz.staff) })).json().walletCards.count;
    const before = await cards();
    await google.save(saveUrl);
    expect((await status(memberId)).confirmedAt).not.toBeNull();
    expect(callsTo('GET', `/loyaltyObject/${objectId(memberId)}`).map((c) => c.status)).toEqual([404, 200]);
    expect(await cards()).toBe(before + 1);
  });

  it('inserts an object Google does not hold (the link was never saved) when a PATCH answers 404', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Neo', lastName: 'Ng' });
    await link(memberId);
    await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount: 5 });
    const path = `/loyaltyObject/${objectId(memberId)}`;
    expect(await eventually(() => google.objects.has(objectId(memberId)))).toBe(true);
    expect(callsTo('PATCH', path)[0]?.status).toBe(404);
    expect(google.calls.find((c) => c.method === 'POST' && c.body?.id === objectId(memberId))?.status).toBe(200);
    expect(google.objects.get(objectId(memberId))).toMatchObject({ loyaltyPoints: { balance: { int: 50 } } });
  });

  it('makes a deleted member’s object INACTIVE at Google, and one never saved is inserted INACTIVE', async () => {
    const saved = await addMember(app, biz.owner, { firstName: 'Ida', lastName: 'Ho' });
    await google.save(await link(saved));
    const unsaved = await addMember(app, biz.owner, { firstName: 'Uma', lastName: 'Lo' });
    const staleLink = await link(unsaved);
    expect(google.objects.has(objectId(unsaved))).toBe(false);
    expect((await membersApi(app).remove(biz.owner, saved)).statusCode).toBe(204);
    expect((await membersApi(app).remove(biz.owner, unsaved)).statusCode).toBe(204);

    expect(await eventually(() => google.objects.get(objectId(saved))?.state === 'INACTIVE')).toBe(true);
    expect(callsTo('PATCH', `/loyaltyObject/${objectId(saved)}`).at(-1)).toMatchObject({
      status: 200,
      body: { state: 'INACTIVE' },
    });
    // The link handed out before the delete can no longer bring a live card: Google holds the id, inactive,
    // without the member's details.
    expect(await eventually(() => google.objects.get(objectId(unsaved))?.state === 'INACTIVE')).toBe(true);
    expect(google.objects.get(objectId(unsaved))).not.toHaveProperty('accountName');
    await google.save(staleLink);
    expect(google.objects.get(objectId(unsaved))).toMatchObject({ state: 'INACTIVE', hasUsers: true });
    expect((await app.inject({ url: linkUrl(saved), headers: bearer(biz.staff) })).statusCode).toBe(404);
  });

  it('updates the class and every object after a design change (one fan-out job)', async () => {
    const logo = await upload(app, biz.owner, 512, 512);
    const strip = await upload(app, biz.owner, 640, 246);
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
        logoUrl: logo,
        stripUrl: strip,
        backgroundUrl: strip,
        lblMemberName: 'Member Name',
        lblMembershipLvl: 'Level',
        lblLastUpdate: 'Last Update',
        lblPoints: 'Stars',
        lblPointsCn: '星星',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await eventually(() => callsTo('PUT', `/loyaltyClass/${classId()}`).length > 0)).toBe(true);
    expect(google.classes.get(classId())).toMatchObject({
      programName: 'Bakery Rewards',
      hexBackgroundColor: '#102030',
      programLogo: { sourceUri: { uri: `http://localhost:3000${logo}` } },
      heroImage: { sourceUri: { uri: `http://localhost:3000${strip}` } },
      rewardsTierLabel: 'Level',
    });
    // Every live object Google holds now reads the new points label (deleted members' stay INACTIVE, untouched).
    const live = () => [...google.objects.values()].filter((o) => o.state !== 'INACTIVE');
    expect(live().length).toBeGreaterThan(0);
    expect(await eventually(() => live().every((o) => (o.loyaltyPoints as { label: string }).label === 'Stars'))).toBe(
      true,
    );
    // In Chinese: the business's Simplified label, the product's Traditional one (never the English "Stars").
    expect((live()[0]?.loyaltyPoints as { localizedLabel?: unknown } | undefined)?.localizedLabel).toEqual({
      defaultValue: { language: 'en-US', value: 'Stars' },
      translatedValues: [
        { language: 'zh-TW', value: '積分' },
        { language: 'zh-CN', value: '星星' },
      ],
    });
  });

  it('records Google’s failure on the member and retries until Google takes the PATCH', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Ria', lastName: 'Wu' });
    await google.save(await link(memberId));
    google.state.down = true;
    await membersApi(app).record(biz.staff, memberId, { type: 'PURCHASE', amount: 3 });
    expect(await eventually(async () => (await status(memberId)).lastError !== null)).toBe(true);
    expect((await status(memberId)).lastError).toMatch(/503/);
    google.state.down = false;
    const balance = () =>
      (google.objects.get(objectId(memberId))?.loyaltyPoints as { balance?: { int: number } })?.balance;
    expect(await eventually(() => balance()?.int === 30, 30_000)).toBe(true);
    expect(await eventually(async () => (await status(memberId)).lastError === null)).toBe(true);
  }, 40_000);
});
