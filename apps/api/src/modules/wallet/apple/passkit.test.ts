import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testConfig } from '../../../../test/helpers';
import { type ApnsStandIn, startApnsStandIn } from '../../../../test/support/apns-stand-in';
import { passUrl, unzipPass, walletTestApp } from '../../../../test/support/apple-wallet';
import { addMember, business, insertSettings, membersApi } from '../../../../test/support/members';
import { eventually, upload } from '../../../../test/support/wallet';
import { walletPassTokens, walletRegistrations } from '../../../db/schema';
import { loadWalletCredentials } from './certificates';

type Issued = { serial: string; token: string; passType: string };

/** Apple's web service walked as a device walks it, with the pushes a local APNs stand-in receives. */
describe('PassKit web service and pushes', () => {
  let app: FastifyInstance;
  let apns: ApnsStandIn;
  let biz: Awaited<ReturnType<typeof business>>;
  let mia: Issued;

  const issue = async (token: string, memberId: string): Promise<Issued> => {
    const res = await app.inject({ url: passUrl(memberId), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const pass = JSON.parse(unzipPass(res.rawPayload).files['pass.json']?.toString() ?? '{}');
    return { serial: pass.serialNumber, token: pass.authenticationToken, passType: pass.passTypeIdentifier };
  };
  const registration = (device: string, p: Issued) =>
    `/api/passkit/v1/devices/${device}/registrations/${p.passType}/${p.serial}`;
  const register = (device: string, p: Issued, pushToken: string, token = p.token) =>
    app.inject({
      method: 'POST',
      url: registration(device, p),
      headers: { authorization: `ApplePass ${token}` },
      payload: { pushToken },
    });
  const serials = (device: string, p: Issued, since?: string) =>
    app.inject({
      url: `/api/passkit/v1/devices/${device}/registrations/${p.passType}${since ? `?passesUpdatedSince=${since}` : ''}`,
    });
  const latest = (p: Issued, headers: Record<string, string> = {}, token = p.token) =>
    app.inject({
      url: `/api/passkit/v1/passes/${p.passType}/${p.serial}`,
      headers: { authorization: `ApplePass ${token}`, ...headers },
    });
  const pushesTo = (pushToken: string) => apns.pushes.filter((p) => p.pushToken === pushToken).length;

  beforeAll(async () => {
    // The development chain (made once) holds the APNs key the stand-in checks provider tokens with.
    const credentials = loadWalletCredentials(testConfig().wallet);
    apns = await startApnsStandIn({
      apnsKey: credentials.apns.key,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      topic: credentials.passTypeId,
    });
    app = await walletTestApp(apns);
    biz = await business(app);
    await insertSettings(app, biz.tenantId);
    mia = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Mia' }));
  });
  afterAll(async () => {
    await app?.close();
    await apns?.close();
  });

  it('walks register → purchase → serials since → latest pass → 304 → unregister', async () => {
    expect((await register('device-a', mia, 'aaaa1111')).statusCode).toBe(201);
    expect((await register('device-a', mia, 'aaaa1111')).statusCode).toBe(200);
    expect((await register('device-b', mia, 'bbbb2222')).statusCode).toBe(201);

    const first = await serials('device-a', mia);
    expect(first.statusCode).toBe(200);
    expect(first.json().serialNumbers).toEqual([mia.serial]);
    const tag = first.json().lastUpdated as string;
    expect((await serials('device-a', mia, tag)).statusCode).toBe(204);

    const before = await latest(mia);
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const lastModified = String(before.headers['last-modified']);
    expect((await latest(mia, { 'if-modified-since': lastModified })).statusCode).toBe(304);

    const purchase = await membersApi(app).record(biz.staff, mia.serial, { type: 'PURCHASE', amount: 20 });
    expect(purchase.statusCode).toBe(201);
    // One push per registered device, within seconds.
    expect(await eventually(() => pushesTo('aaaa1111') === 1 && pushesTo('bbbb2222') === 1)).toBe(true);
    expect(apns.pushes.find((p) => p.pushToken === 'aaaa1111')).toMatchObject({ topic: mia.passType, body: '{}' });
    // The member's detail can show the pass: two devices, the last push APNs accepted.
    const status = async () =>
      (await app.inject({ url: `${passUrl(mia.serial)}/status`, headers: bearer(biz.staff) })).json();
    expect(await eventually(async () => (await status()).pushedAt !== null)).toBe(true);
    expect(await status()).toMatchObject({ issued: true, devices: 2 });

    const changed = await serials('device-a', mia, tag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().serialNumbers).toEqual([mia.serial]);
    expect(BigInt(changed.json().lastUpdated)).toBeGreaterThan(BigInt(tag));
    expect((await serials('device-a', mia, changed.json().lastUpdated)).statusCode).toBe(204);

    const after = await latest(mia, { 'if-modified-since': lastModified });
    expect(after.statusCode).toBe(200);
    const pass = JSON.parse(unzipPass(after.rawPayload).files['pass.json']?.toString() ?? '{}');
    expect(pass.storeCard.headerFields[0]).toMatchObject({ key: 'points', value: 200 });
    // The device's own token stays in the pass it fetched.
    expect(pass.authenticationToken).toBe(mia.token);
    const newer = String(after.headers['last-modified']);
    expect((await latest(mia, { 'if-modified-since': newer })).statusCode).toBe(304);

    const gone = await app.inject({
      method: 'DELETE',
      url: registration('device-a', mia),
      headers: { authorization: `ApplePass ${mia.token}` },
    });
    expect(gone.statusCode).toBe(200);
    expect((await serials('device-a', mia)).statusCode).toBe(204);
    expect((await serials('device-b', mia)).statusCode).toBe(200);
  });

  it('refuses wrong tokens, another pass’s token, another tenant’s pass and malformed ids', async () => {
    const leo = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Leo' }));
    const other = await business(app);
    await insertSettings(app, other.tenantId);
    const stranger = await issue(other.staff, await addMember(app, other.owner, { firstName: 'Sam' }));

    expect((await register('device-x', mia, 'cccc3333', 'x'.repeat(43))).statusCode).toBe(401);
    expect((await register('device-x', mia, 'cccc3333', leo.token)).statusCode).toBe(401);
    expect((await register('device-x', mia, 'cccc3333', stranger.token)).statusCode).toBe(401);
    expect((await latest(mia, {}, leo.token)).statusCode).toBe(401);
    expect((await latest(stranger, {}, mia.token)).statusCode).toBe(401);
    expect((await latest(mia, {}, '')).statusCode).toBe(401);
    expect((await latest({ ...mia, serial: randomUUID() })).statusCode).toBe(401);
    expect((await latest({ ...mia, passType: 'pass.com.example.other' })).statusCode).toBe(401);
    expect((await register('bad device!', mia, 'cccc3333')).statusCode).toBe(400);
    expect((await latest({ ...mia, serial: 'not/a/serial' })).statusCode).toBe(404);
    expect((await latest({ ...mia, serial: 'x'.repeat(70) })).statusCode).toBe(400);
    expect((await latest({ ...mia, serial: 'x'.repeat(200) })).statusCode).toBe(414);
    expect((await register('device-x', mia, 'not a token')).statusCode).toBe(400);
    expect((await serials('device-x', mia, 'yesterday')).statusCode).toBe(400);
    // A tag past what a timestamp holds is a bad request, not a database error (it was a 500, with no token);
    // the longest tag accepted (the year 2286) is simply newer than every pass.
    for (const device of ['device-x', 'device-b']) {
      for (const tag of ['99999999999999999999', '10000000000000000', `1${'0'.repeat(19)}`]) {
        expect({ device, tag, status: (await serials(device, mia, tag)).statusCode }).toEqual({
          device,
          tag,
          status: 400,
        });
      }
      expect((await serials(device, mia, '9999999999999999')).statusCode).toBe(204);
    }
    const rows = await app.database.db
      .select()
      .from(walletRegistrations)
      .where(eq(walletRegistrations.deviceLibraryId, 'device-x'));
    expect(rows).toEqual([]);
    const log = await app.inject({ method: 'POST', url: '/api/passkit/v1/log', payload: { logs: ['hello'] } });
    expect(log.statusCode).toBe(200);
  });

  it('pushes a design change to every device of the tenant through one fan-out job, and drops gone devices', async () => {
    const leo = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Leo' }));
    expect((await register('device-c', leo, 'cccc4444')).statusCode).toBe(201);
    apns.gone.add('bbbb2222');
    const before = { leo: pushesTo('cccc4444') };
    const logo = await upload(app, biz.owner, 64, 64);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenant/pass-settings',
      headers: bearer(biz.owner),
      payload: { ...PASS_SETTINGS_DEFAULTS, heroText: 'New look', logoUrl: logo, stripUrl: logo, backgroundUrl: logo },
    });
    expect(saved.statusCode).toBe(200);
    expect(await eventually(() => pushesTo('cccc4444') === before.leo + 1)).toBe(true);
    const fanOuts = await app.jobs.find({ name: 'wallet-push-tenant' });
    expect(fanOuts).toHaveLength(1);
    // Apple answered 410 for device b: its registration is gone.
    expect(
      await eventually(async () => {
        const rows = await app.database.db
          .select()
          .from(walletRegistrations)
          .where(eq(walletRegistrations.pushToken, 'bbbb2222'));
        return rows.length === 0;
      }),
    ).toBe(true);
    // One connection carried every push.
    expect(apns.connections.count).toBe(1);
  });

  it('voids a deleted member’s pass on its devices, then forgets it when the last device lets go', async () => {
    const ava = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Ava', lastName: 'Lam' }));
    expect((await register('device-v', ava, 'abab7777')).statusCode).toBe(201);
    const tag = (await serials('device-v', ava)).json().lastUpdated as string;
    const held = String((await latest(ava)).headers['last-modified']);
    const cards = async () =>
      (await app.inject({ url: '/api/dashboard', headers: bearer(biz.staff) })).json().walletCards.count as number;
    const cardsBefore = await cards();
    // Another member without devices: nothing to tell, so nothing kept.
    const ben = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Ben' }));

    expect((await membersApi(app).remove(biz.owner, ava.serial)).statusCode).toBe(204);
    expect((await membersApi(app).remove(biz.owner, ben.serial)).statusCode).toBe(204);
    expect(await eventually(() => pushesTo('abab7777') === 1)).toBe(true);
    const changed = await serials('device-v', ava, tag);
    expect(changed.json().serialNumbers).toEqual([ava.serial]);
    const fetched = await latest(ava, { 'if-modified-since': held });
    expect(fetched.statusCode).toBe(200);
    const { files } = unzipPass(fetched.rawPayload);
    const pass = JSON.parse(files['pass.json']?.toString() ?? '{}');
    expect(pass).toMatchObject({ voided: true, serialNumber: ava.serial, authenticationToken: ava.token });
    // Nothing of the member stays on the card: no barcode, no name, no code, no points.
    expect(pass.barcodes).toBeUndefined();
    expect(pass.storeCard.secondaryFields ?? []).toEqual([]);
    expect(pass.storeCard.headerFields ?? []).toEqual([]);
    expect(JSON.stringify(pass)).not.toContain('Ava');
    // Staff cannot download it any more; the dashboard does not count it as a card.
    expect((await app.inject({ url: passUrl(ava.serial), headers: bearer(biz.staff) })).statusCode).toBe(404);
    expect(await cards()).toBe(cardsBefore - 1);
    expect((await latest(ben)).statusCode).toBe(401);

    const removed = await app.inject({
      method: 'DELETE',
      url: registration('device-v', ava),
      headers: { authorization: `ApplePass ${ava.token}` },
    });
    expect(removed.statusCode).toBe(200);
    expect((await latest(ava)).statusCode).toBe(401);
  });

  it('pushes a member edit, and schedules a push for the moment newly earned points expire', async () => {
    const zoe = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Zoe' }));
    expect((await register('device-z', zoe, 'eeee6666')).statusCode).toBe(201);
    const edit = await membersApi(app).update(biz.owner, zoe.serial, {
      firstName: 'Zoë',
      lastName: 'Chen',
      status: 'active',
    });
    expect(edit.statusCode).toBe(200);
    expect(await eventually(() => pushesTo('eeee6666') === 1)).toBe(true);
    const pass = JSON.parse(unzipPass((await latest(zoe)).rawPayload).files['pass.json']?.toString() ?? '{}');
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ key: 'member', value: 'Zoë Chen' });

    await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30 });
    const purchase = await membersApi(app).record(biz.staff, zoe.serial, { type: 'PURCHASE', amount: 5 });
    expect(purchase.statusCode).toBe(201);
    expect(await eventually(() => pushesTo('eeee6666') === 2)).toBe(true);
    const jobs = await app.jobs.find({ name: 'wallet-push-member' });
    const atExpiry = jobs.filter(
      (j) =>
        (j.data as { memberId: string; bump?: boolean }).memberId === zoe.serial && (j.data as { bump?: boolean }).bump,
    );
    expect(atExpiry).toHaveLength(1);
    const days = (new Date(atExpiry[0]?.startAfter as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  /** The member-push jobs of a member that have finished (completed or failed for good), as pg-boss keeps them. */
  const finishedPushes = async (memberId: string) =>
    (await app.jobs.find({ name: 'wallet-push-member' })).filter(
      (j) => (j.data as { memberId: string }).memberId === memberId && ['completed', 'failed'].includes(j.state),
    ).length;
  const statusOf = async (memberId: string) =>
    (await app.inject({ url: `${passUrl(memberId)}/status`, headers: bearer(biz.staff) })).json();

  it('holds a pass to 10 devices: more are refused (403), the first ten kept and pushed, even when they come at once', async () => {
    const kai = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Kai' }));
    const answers = await Promise.all(
      Array.from({ length: 14 }, (_, i) => register(`cap-device-${i}`, kai, `capToken${i}`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(201), ...Array(4).fill(403)]);
    expect(answers.find((a) => a.statusCode === 403)?.json().error).toBe('DEVICE_LIMIT');
    const rows = () =>
      app.database.db.select().from(walletRegistrations).where(eq(walletRegistrations.memberId, kai.serial));
    const kept = await rows();
    expect(kept).toHaveLength(10);
    // A device already registered renews its push token; a new one is still refused.
    const first = kept[0]?.deviceLibraryId as string;
    expect((await register(first, kai, 'renewedToken1')).statusCode).toBe(200);
    expect((await register('cap-device-99', kai, 'capToken99')).statusCode).toBe(403);
    expect(await rows()).toHaveLength(10);

    const before = apns.pushes.length;
    expect((await membersApi(app).record(biz.staff, kai.serial, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(201);
    expect(await eventually(async () => (await finishedPushes(kai.serial)) === 1)).toBe(true);
    const pushed = apns.pushes.slice(before).map((p) => p.pushToken);
    expect(pushed).toHaveLength(10);
    expect(new Set(pushed)).toEqual(new Set((await rows()).map((r) => r.pushToken)));
    expect((await statusOf(kai.serial)).devices).toBe(10);
  });

  it('serves one token per pass however often it is downloaded, stores none, keeps older passes working, and revokes', async () => {
    const memberId = await addMember(app, biz.owner, { firstName: 'Tia' });
    const downloads = [];
    for (let i = 0; i < 5; i++) downloads.push(await issue(biz.staff, memberId));
    expect(new Set(downloads.map((d) => d.token)).size).toBe(1);
    const tia = downloads[0] as Issued;
    expect(tia.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await app.database.db.select().from(walletPassTokens).where(eq(walletPassTokens.memberId, memberId));
    expect(stored).toEqual([]);
    expect((await register('token-device', tia, 'tiaToken1')).statusCode).toBe(201);

    // A pass installed before tokens were derived holds a random token whose hash was stored: it still works.
    const older = randomBytes(32).toString('base64url');
    await app.database.db.insert(walletPassTokens).values({
      tokenHash: createHash('sha256').update(older).digest('hex'),
      tenantId: biz.tenantId,
      memberId,
    });
    expect((await register('older-device', tia, 'tiaToken2', older)).statusCode).toBe(201);
    expect((await latest(tia, {}, older)).statusCode).toBe(200);
    expect((await latest(tia, {}, `${tia.token.slice(0, -1)}${tia.token.endsWith('A') ? 'B' : 'A'}`)).statusCode).toBe(
      401,
    );

    // A new version revokes both; the next download carries the new token.
    await app.wallet.revokeTokens(biz.tenantId, memberId);
    expect((await latest(tia)).statusCode).toBe(401);
    expect((await latest(tia, {}, older)).statusCode).toBe(401);
    const renewed = await issue(biz.staff, memberId);
    expect(renewed.token).not.toBe(tia.token);
    expect((await latest(renewed)).statusCode).toBe(200);
  });

  it('tells the truth about pushes: nothing marked pushed until APNs takes one, each device’s last error, dead tokens removed', async () => {
    const eve = await issue(biz.staff, await addMember(app, biz.owner, { firstName: 'Eve' }));
    expect((await register('eve-topic', eve, 'eveTopic1')).statusCode).toBe(201);
    apns.answers.set('eveTopic1', { status: 400, reason: 'TopicDisallowed' });
    expect((await membersApi(app).record(biz.staff, eve.serial, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(201);
    expect(await eventually(async () => (await finishedPushes(eve.serial)) === 1)).toBe(true);
    // APNs refused the only push: no push time, the attempt and Apple's reason instead.
    const refused = await statusOf(eve.serial);
    expect(refused).toMatchObject({ pushedAt: null, pushError: 'TopicDisallowed', devices: 1, failingPushes: 1 });
    expect(refused.pushAttemptedAt).not.toBeNull();
    expect(refused.deviceStatus).toEqual([
      expect.objectContaining({ lastDeliveredAt: null, lastError: 'TopicDisallowed' }),
    ]);

    // Two more devices: one works, one's token APNs calls bad (its registration goes, as Apple documents).
    expect((await register('eve-ok', eve, 'eveOk1')).statusCode).toBe(201);
    expect((await register('eve-bad', eve, 'eveBad1')).statusCode).toBe(201);
    apns.answers.set('eveBad1', { status: 400, reason: 'BadDeviceToken' });
    expect((await membersApi(app).record(biz.staff, eve.serial, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(201);
    expect(await eventually(async () => (await finishedPushes(eve.serial)) === 2)).toBe(true);
    const mixed = await statusOf(eve.serial);
    expect(mixed).toMatchObject({ devices: 2, failingPushes: 1 });
    expect(mixed.pushedAt).not.toBeNull();
    expect(mixed.deviceStatus.map((d: { lastError: string | null }) => d.lastError).sort()).toEqual([
      'TopicDisallowed',
      null,
    ]);
    const left = await app.database.db
      .select()
      .from(walletRegistrations)
      .where(eq(walletRegistrations.memberId, eve.serial));
    expect(left.map((r) => r.pushToken).sort()).toEqual(['eveOk1', 'eveTopic1']);

    // Once the topic is accepted again, the device's error clears and the count with it.
    apns.answers.delete('eveTopic1');
    expect((await membersApi(app).record(biz.staff, eve.serial, { type: 'PURCHASE', amount: 5 })).statusCode).toBe(201);
    expect(await eventually(async () => (await finishedPushes(eve.serial)) === 3)).toBe(true);
    expect(await statusOf(eve.serial)).toMatchObject({ pushError: null, failingPushes: 0, devices: 2 });
  });
});
