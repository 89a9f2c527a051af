import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, testConfig } from '../../../test/helpers';
import { type ApnsStandIn, startApnsStandIn } from '../../../test/support/apns-stand-in';
import { passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { googleIssuer, TEST_ISSUER_ID } from '../../../test/support/google-wallet';
import type { GoogleStandIn } from '../../../test/support/google-wallet-stand-in';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { eventually } from '../../../test/support/wallet';
import { members, webhookDeliveries } from '../../db/schema';
import { loadWalletCredentials } from '../wallet/apple/certificates';
import { quietUntil } from './quiet-hours';

type Biz = Awaited<ReturnType<typeof business>>;

describe(`segments and messages to cardholders on ${engine}`, () => {
  let app: FastifyInstance;
  let apns: ApnsStandIn;
  let google: GoogleStandIn;
  let biz: Biz;
  let tiers: Awaited<ReturnType<typeof insertTiers>>;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const consent = (memberId: string, language: 'en' | 'zh-Hant' | 'zh-Hans' | null = null) =>
    app.database.db.update(members).set({ marketingOptIn: true, language }).where(eq(members.id, memberId));
  const message = async (id: string) => (await api(biz.owner, 'GET', `/api/tenants/messages/${id}`)).json();
  const sent = (id: string) => eventually(async () => (await message(id)).state === 'SENT', 20_000);

  /** A pass issued and registered on one device, as Wallet does it. */
  const holdApplePass = async (memberId: string, pushToken: string) => {
    const res = await api(biz.staff, 'GET', passUrl(memberId));
    const pass = JSON.parse(unzipPass(res.rawPayload).files['pass.json']?.toString() ?? '{}');
    const registered = await app.inject({
      method: 'POST',
      url: `/api/passkit/v1/devices/dev-${pushToken}/registrations/${pass.passTypeIdentifier}/${memberId}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken },
    });
    expect(registered.statusCode).toBe(201);
    return pass as { passTypeIdentifier: string; authenticationToken: string };
  };
  const latestPass = async (memberId: string, held: { passTypeIdentifier: string; authenticationToken: string }) => {
    const res = await app.inject({
      url: `/api/passkit/v1/passes/${held.passTypeIdentifier}/${memberId}`,
      headers: { authorization: `ApplePass ${held.authenticationToken}` },
    });
    return unzipPass(res.rawPayload).files;
  };
  /** A Google object saved by its holder (the save link opened in Google Wallet). */
  const holdGoogleObject = async (memberId: string) => {
    const res = await api(biz.staff, 'GET', `/api/tenants/member/${memberId}/passes/google`);
    expect(res.statusCode, res.body).toBe(200);
    await google.save(res.json().saveUrl);
    // The member's detail asks Google, which now shows the object saved.
    const status = await api(biz.staff, 'GET', `/api/tenants/member/${memberId}/passes/google/status`);
    expect(status.json().confirmedAt).not.toBeNull();
  };
  const googleMessages = (memberId: string) =>
    (google.objects.get(`${TEST_ISSUER_ID}.${memberId}`)?.messages ?? []) as Record<string, unknown>[];

  beforeAll(async () => {
    const credentials = loadWalletCredentials(testConfig().wallet);
    apns = await startApnsStandIn({
      apnsKey: credentials.apns.key,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      topic: credentials.passTypeId,
    });
    const issuer = await googleIssuer();
    google = issuer.standIn;
    app = await buildTestApp({
      ...issuer.env,
      APNS_URL: apns.url,
      APNS_CA_FILE: apns.caFile,
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
    await apns?.close();
    await google?.close();
  });

  it('previews a filter live (count, reachable, sample) and saves it by name', async () => {
    const gold = await addMember(app, biz.owner, { firstName: 'Gina', lastName: 'Gold', tierId: tiers.gold });
    const silver = await addMember(app, biz.owner, { firstName: 'Sam', lastName: 'Silver', tierId: tiers.silver });
    await consent(gold, 'zh-Hant');
    expect((await membersApi(app).record(biz.staff, gold, { type: 'PURCHASE', amount: 30 })).statusCode).toBe(201);

    const preview = async (filter: object) => {
      const res = await api(biz.owner, 'POST', '/api/tenants/segments/preview', { filter });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const goldOnly = await preview({ tierIds: [tiers.gold] });
    expect(goldOnly).toMatchObject({ count: 1, reachable: 1 });
    expect(goldOnly.sample[0]).toMatchObject({ id: gold, firstName: 'Gina', tierName: 'Gold', pointsBalance: 300 });
    expect((await preview({ minBalance: 100 })).sample.map((m: { id: string }) => m.id)).toEqual([gold]);
    expect((await preview({ language: 'zh-Hant' })).count).toBe(1);
    // Sam never came: "last visit before" tomorrow holds him and Gina (she came today), "after" today only Gina.
    const today = new Date().toISOString().slice(0, 10);
    expect((await preview({ lastVisitAfter: '2000-01-01' })).sample.map((m: { id: string }) => m.id)).toEqual([gold]);
    expect((await preview({ lastVisitBefore: '2000-01-01', tierIds: [tiers.silver] })).sample[0].id).toBe(silver);
    expect((await preview({ joinedAfter: '2999-01-01' })).count).toBe(0);
    expect((await preview({ hasWalletPass: true })).count).toBe(0);
    expect(today).toMatch(/^\d{4}-/);

    const bad = await api(biz.owner, 'POST', '/api/tenants/segments/preview', {
      filter: { minBalance: 5, maxBalance: 1, joinedAfter: 'yesterday' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['filter.joinedAfter']));
    expect((await api(biz.staff, 'POST', '/api/tenants/segments/preview', { filter: {} })).statusCode).toBe(403);

    const made = await api(biz.admin, 'POST', '/api/tenants/segments', {
      name: 'Gold',
      filter: { tierIds: [tiers.gold] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const again = await api(biz.owner, 'POST', '/api/tenants/segments', { name: 'gold', filter: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ name: 'A segment with this name exists' });
    const renamed = await api(biz.owner, 'PUT', `/api/tenants/segments/${made.json().id}`, {
      name: 'Gold members',
      filter: { tierIds: [tiers.gold] },
    });
    expect(renamed.json()).toMatchObject({ name: 'Gold members', filter: { tierIds: [tiers.gold] } });
    expect((await api(biz.owner, 'GET', '/api/tenants/segments')).json().map((s: { name: string }) => s.name)).toEqual([
      'Gold members',
    ]);
    const other = await business(app);
    expect((await api(other.owner, 'GET', `/api/tenants/segments/${made.json().id}`)).statusCode).toBe(404);
  });

  it('refuses a text over 160 characters, control and direction characters, and no audience', async () => {
    const send = (payload: object) => api(biz.owner, 'POST', '/api/tenants/messages', payload);
    const tooLong = await send({ text: 'x'.repeat(161), audience: { all: true } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ text: 'At most 160 characters' });
    expect((await send({ text: 'x'.repeat(160), audience: { memberId: 'nobody' } })).json().errors).toEqual({
      'audience.memberId': 'Member not found',
    });
    expect((await send({ text: 'Hello\u0007', audience: { all: true } })).json().errors.text).toBe(
      'Contains characters that are not allowed',
    );
    expect((await send({ text: 'ok', textZh: 'abc\u202Edef', audience: { all: true } })).json().errors.textZh).toBe(
      'Contains invisible direction or zero-width characters',
    );
    expect((await send({ text: 'ok', audience: {} })).statusCode).toBe(400);
    expect(
      (await api(biz.staff, 'POST', '/api/tenants/messages', { text: 'ok', audience: { all: true } })).statusCode,
    ).toBe(403);
  });

  it('gives each member the message in their language, on the Apple pass and on Google, never without consent', async () => {
    const ming = await addMember(app, biz.owner, { firstName: '明', lastName: '陳', tierId: tiers.gold });
    const lin = await addMember(app, biz.owner, { firstName: '琳', lastName: '林', tierId: tiers.gold });
    const ann = await addMember(app, biz.owner, { firstName: 'Ann', lastName: 'Lee', tierId: tiers.gold });
    const noConsent = await addMember(app, biz.owner, { firstName: 'No', lastName: 'Thanks', tierId: tiers.gold });
    await consent(ming, 'zh-Hant');
    await consent(lin, 'zh-Hans');
    await consent(ann, 'en');
    const mingPass = await holdApplePass(ming, 'aaaa0001');
    await holdApplePass(noConsent, 'aaaa0009');
    await holdGoogleObject(lin);
    await holdGoogleObject(ann);
    await holdGoogleObject(noConsent);
    const hook = await api(biz.owner, 'POST', '/api/tenants/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['message.sent'],
    });
    expect(hook.statusCode, hook.body).toBe(201);

    const res = await api(biz.owner, 'POST', '/api/tenants/messages', {
      text: 'Double points this weekend',
      textZh: '本週末雙倍積分',
      textCn: '本周末双倍积分',
      audience: { filter: { tierIds: [tiers.gold], hasWalletPass: true } },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().targeted).toBe(3);
    const { id } = res.json();
    expect(await sent(id)).toBe(true);
    expect(await message(id)).toMatchObject({
      state: 'SENT',
      targeted: 3,
      passesUpdated: 1,
      applePushes: 1,
      googleNotified: 2,
      googleQuiet: 0,
      failed: 0,
    });

    const files = await latestPass(ming, mingPass);
    // Ming's phone, in Traditional Chinese: the message in Ming's language, never translated on the phone.
    expect(passOnPhone(files, 'zh-Hant').storeCard.backFields?.[0]).toEqual({
      key: 'news',
      label: '最新消息',
      value: '本週末雙倍積分',
      changeMessage: '%@',
    });
    expect(apns.pushes.filter((p) => p.pushToken === 'aaaa0001')).toHaveLength(1);
    expect(apns.pushes.filter((p) => p.pushToken === 'aaaa0009')).toHaveLength(0);

    expect(googleMessages(lin)).toEqual([
      expect.objectContaining({ id, body: '本周末双倍积分', messageType: 'TEXT_AND_NOTIFY' }),
    ]);
    expect(googleMessages(ann)).toEqual([
      expect.objectContaining({ id, body: 'Double points this weekend', messageType: 'TEXT_AND_NOTIFY' }),
    ]);
    expect(googleMessages(noConsent)).toEqual([]);

    // Webhook receivers hear of it with the log as it stood when the queue was done.
    const deliveries = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(deliveries.map((d) => d.payload)).toEqual([
      expect.objectContaining({
        type: 'message.sent',
        data: {
          messageId: id,
          targeted: 3,
          passesUpdated: 1,
          applePushes: 1,
          googleNotified: 2,
          googleQuiet: 0,
          failed: 0,
        },
      }),
    ]);

    const audit = (await api(biz.owner, 'GET', '/api/tenants/audit?action=message.send')).json();
    expect(audit.content[0]).toMatchObject({ action: 'message.send', targetType: 'message', targetId: id });
    expect(audit.content[0].changes.text).toEqual({ before: null, after: 'Double points this weekend' });
  });

  it('sends the third Google notice of a day with TEXT_AND_NOTIFY and the fourth with TEXT', async () => {
    const kim = await addMember(app, biz.owner, { firstName: 'Kim', lastName: 'Ho' });
    await consent(kim, 'en');
    await holdGoogleObject(kim);
    const types: unknown[] = [];
    for (const text of ['One', 'Two', 'Three', 'Four']) {
      const res = await api(biz.owner, 'POST', '/api/tenants/messages', { text, audience: { memberId: kim } });
      expect(res.json().targeted).toBe(1);
      expect(await sent(res.json().id)).toBe(true);
      types.push(googleMessages(kim).at(-1)?.messageType);
      if (text === 'Four') expect(await message(res.json().id)).toMatchObject({ googleNotified: 0, googleQuiet: 1 });
    }
    expect(types).toEqual(['TEXT_AND_NOTIFY', 'TEXT_AND_NOTIFY', 'TEXT_AND_NOTIFY', 'TEXT']);
  });

  it('holds a message through quiet hours, and sends a scheduled one only at its time unless cancelled', async () => {
    const profile = (await api(biz.owner, 'GET', '/api/tenants/business')).json();
    // Quiet from now until an hour from now, on the business's clock.
    const clock = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: profile.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    const from = clock(new Date(Date.now() - 60_000));
    const to = clock(new Date(Date.now() + 3_600_000));
    const saved = await api(biz.owner, 'PUT', '/api/tenants/business', { ...profile, quietHours: { from, to } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().quietHours).toEqual({ from, to });
    const zoe = await addMember(app, biz.owner, { firstName: 'Zoe', lastName: 'Quiet' });
    await consent(zoe);
    const held = await holdApplePass(zoe, 'aaaa0042');
    const res = await api(biz.owner, 'POST', '/api/tenants/messages', {
      text: 'Good night',
      audience: { memberId: zoe },
    });
    expect(res.statusCode).toBe(202);
    // The send job ran and put itself off to the end of the quiet hours: nothing reached the pass or the device.
    const waiting = async () =>
      (await app.jobs.find({ name: 'message-send' })).filter(
        (j) => (j.data as { messageId: string }).messageId === res.json().id && j.state === 'created',
      );
    expect(
      await eventually(async () => (await waiting()).some((j) => j.startAfter.getTime() > Date.now() + 60_000)),
    ).toBe(true);
    const [later] = (await waiting()).filter((j) => j.startAfter.getTime() > Date.now() + 60_000);
    expect(later?.startAfter.toISOString()).toBe(quietUntil({ from, to }, profile.timeZone, new Date())?.toISOString());
    expect(await message(res.json().id)).toMatchObject({ state: 'SCHEDULED', passesUpdated: 0 });
    expect(apns.pushes.some((p) => p.pushToken === 'aaaa0042')).toBe(false);
    expect(
      JSON.parse((await latestPass(zoe, held))['pass.json']?.toString() ?? '{}').storeCard.backFields[0].key,
    ).not.toBe('news');

    await api(biz.owner, 'PUT', '/api/tenants/business', { ...profile, quietHours: null });
    const scheduled = await api(biz.owner, 'POST', '/api/tenants/messages', {
      text: 'Tomorrow',
      audience: { all: true },
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(await message(scheduled.json().id)).toMatchObject({ state: 'SCHEDULED' });
    const cancel = await api(biz.owner, 'POST', `/api/tenants/messages/${scheduled.json().id}/cancel`);
    expect(cancel.json().state).toBe('CANCELLED');
    expect((await api(biz.owner, 'POST', `/api/tenants/messages/${scheduled.json().id}/cancel`)).statusCode).toBe(409);
    const list = (await api(biz.owner, 'GET', '/api/tenants/messages')).json();
    expect(list[0]).toMatchObject({ id: scheduled.json().id, state: 'CANCELLED' });
  });
});

describe('quiet hours', () => {
  it('spans midnight and ends on the business clock', () => {
    const quiet = { from: '22:00', to: '08:00' };
    // 23:30 in Hong Kong (UTC+8) is 15:30 UTC; the quiet hours end at 08:00 there, 00:00 UTC next day.
    expect(quietUntil(quiet, 'Asia/Hong_Kong', new Date('2026-03-01T15:30:00Z'))?.toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(quietUntil(quiet, 'Asia/Hong_Kong', new Date('2026-03-01T04:00:00Z'))).toBeNull();
    expect(quietUntil({ from: '09:00', to: '17:00' }, 'UTC', new Date('2026-03-01T09:00:00Z'))?.toISOString()).toBe(
      '2026-03-01T17:00:00.000Z',
    );
    expect(quietUntil({ from: '09:00', to: '09:00' }, 'UTC', new Date())).toBeNull();
    expect(quietUntil(null, 'UTC', new Date())).toBeNull();
  });
});
