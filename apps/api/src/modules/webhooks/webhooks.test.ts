import { randomUUID } from 'node:crypto';
import { INTEGRATION_MESSAGES } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { filesApi } from '../../../test/support/member-files';
import { business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { eventually } from '../../../test/support/wallet';
import { type Receiver, startReceiver } from '../../../test/support/webhook-receiver';
import { webhooksApi, webhookTestApp } from '../../../test/support/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';

const ALL = ['member.created', 'member.updated', 'points.earned', 'tier.changed'];
let phoneSeq = 0;
const phone = () => `+8529${String(1000000 + phoneSeq++).padStart(7, '0')}`;

describe('webhooks', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  const receivers: Receiver[] = [];
  const receiver = async (opts?: Parameters<typeof startReceiver>[0]) => {
    const made = await startReceiver(opts);
    receivers.push(made);
    return made;
  };
  const hooks = () => webhooksApi(app);
  const members = () => membersApi(app);
  const newMember = async () => {
    const res = await members().create(biz.owner, { firstName: 'Wen', lastName: 'Hook', phone: phone() });
    expect(res.statusCode).toBe(201);
    return res.json().userId as string;
  };

  beforeAll(async () => {
    app = await webhookTestApp();
    biz = await business(app);
    await insertSettings(app, biz.tenantId);
    await insertTiers(app, biz.tenantId);
  });
  afterAll(async () => {
    await app.close();
    for (const r of receivers) await r.close();
  });

  it('shows the secret once; admin and owner manage endpoints, staff cannot; bad bodies name the field', async () => {
    const made = await hooks().create(biz.admin, { url: 'http://127.0.0.1:9/none', events: ['member.created'] });
    expect(made.statusCode).toBe(201);
    expect(made.json().secret).toMatch(/^whsec_/);
    const id = made.json().id;
    expect(JSON.stringify((await hooks().list(biz.owner)).json())).not.toContain('whsec_');
    expect(JSON.stringify((await hooks().get(biz.owner, id)).json())).not.toContain('whsec_');
    const edited = await hooks().update(biz.owner, id, { url: 'http://127.0.0.1:9/x', events: ALL, enabled: false });
    expect(edited.json()).toMatchObject({ url: 'http://127.0.0.1:9/x', events: ALL, enabled: false });
    expect((await hooks().list(biz.staff)).statusCode).toBe(403);
    const bad = await hooks().create(biz.owner, { url: 'ftp://example.com', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events', 'url']);
    expect(bad.json().errors.url).toBe(INTEGRATION_MESSAGES.url);
    // A right link carrying a user name and password is refused for that, not as a bad link.
    const withSecret = await hooks().create(biz.owner, { url: 'https://user:pw@example.com/hook', events: ALL });
    expect(withSecret.statusCode).toBe(400);
    expect(withSecret.json().errors).toEqual({ url: INTEGRATION_MESSAGES.credentialsInUrl });
    const other = await business(app);
    expect((await hooks().get(other.owner, id)).statusCode).toBe(404);
    expect((await hooks().remove(biz.owner, id)).statusCode).toBe(204);
    expect((await hooks().get(biz.owner, id)).statusCode).toBe(404);
  });

  it('signs each event by Standard Webhooks; a purchase arrives as points.earned and tier.changed', async () => {
    const r = await receiver();
    const made = (await hooks().create(biz.owner, { url: r.url, events: ALL })).json();
    const memberId = await newMember();
    const purchase = await members().record(biz.owner, memberId, { type: 'PURCHASE', amount: 600 });
    expect(purchase.statusCode).toBe(201);
    expect(await eventually(() => r.received.length >= 3)).toBe(true);
    const verifier = new Webhook(made.secret);
    const events = r.received.map((got) => verifier.verify(got.body, got.headers as Record<string, string>)) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    expect(byType['member.created']).toMatchObject({ id: memberId, firstName: 'Wen', pointsBalance: 0 });
    expect(byType['points.earned']).toMatchObject({ memberId, points: 6000, amount: '600.00', pointsBalance: 6000 });
    expect(byType['tier.changed']).toMatchObject({ memberId, toTierId: purchase.json().tier.id });
    for (const got of r.received) expect(got.headers['webhook-id']).toMatch(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/);
    // A tampered body fails the same check.
    const first = r.received[0] as (typeof r.received)[number];
    expect(() => verifier.verify(`${first.body} `, first.headers as Record<string, string>)).toThrow();

    // The job marks a delivery after the receiver has answered, so the receiver can be told first.
    const delivered = async () => (await hooks().deliveries(biz.owner, made.id)).json();
    expect(await eventually(async () => (await delivered()).content[0]?.status === 'SUCCEEDED')).toBe(true);
    const deliveries = await delivered();
    expect(deliveries.totalElements).toBe(3);
    expect(deliveries.content[0]).toMatchObject({ status: 'SUCCEEDED', attempts: 1, responseCode: 200 });
  });

  it('a customer joining on the join page arrives as member.created, in their language, then points.earned', async () => {
    const r = await receiver();
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['member.created', 'points.earned'] })).json();
    const slug = `hooks-${randomUUID().slice(0, 8)}`;
    const enrolment = {
      enabled: true,
      slug,
      welcomePoints: 50,
      requireEmail: false,
      termsUrl: 'https://example.test/terms',
      allowedCountries: [],
    };
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.owner),
      payload: enrolment,
    });
    expect(saved.statusCode).toBe(200);
    const token = await signInWithPhone(uniquePhone());
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Mei', lastName: 'Wong', acceptTerms: true, marketingOptIn: false, language: 'zh-Hant' },
    });
    expect(joined.statusCode).toBe(201);
    expect(await eventually(() => r.received.length >= 2)).toBe(true);
    const verifier = new Webhook(made.secret);
    const events = r.received.map((got) => verifier.verify(got.body, got.headers as Record<string, string>)) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    expect(events.map((e) => e.type).sort()).toEqual(['member.created', 'points.earned']);
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    const created = byType['member.created'] as Record<string, unknown>;
    expect(created).toMatchObject({
      membershipCode: joined.json().membershipCode,
      firstName: 'Mei',
      pointsBalance: 0,
      language: 'zh-Hant',
    });
    expect(byType['points.earned']).toMatchObject({
      memberId: created.id,
      points: 50,
      amount: null,
      pointsBalance: 50,
    });
    // A member added by staff has given no language.
    await newMember();
    expect(await eventually(() => r.received.length >= 3)).toBe(true);
    const third = verifier.verify(r.received[2]?.body as string, r.received[2]?.headers as Record<string, string>);
    expect(third).toMatchObject({ type: 'member.created', data: { language: null } });
  });

  it('a CSV import sends member.created and points.adjusted per new member, nothing when run again, and member.updated for a changed row', async () => {
    const other = await business(app);
    const r = await receiver();
    const made = (
      await hooks().create(other.owner, { url: r.url, events: ['member.created', 'member.updated', 'points.adjusted'] })
    ).json();
    const [adaPhone, boPhone] = [phone(), phone()];
    const csv = ['First name,Last name,Phone,Points', `Ada,Lee,${adaPhone},120`, `Bo,Chan,${boPhone},`].join('\n');
    const files = filesApi(app);
    expect(await files.importAndWait(other.admin, csv)).toMatchObject({ state: 'done', created: 2, errors: [] });
    expect(await eventually(() => r.received.length >= 3)).toBe(true);
    const verifier = new Webhook(made.secret);
    const events = r.received.map((got) => verifier.verify(got.body, got.headers as Record<string, string>)) as {
      type: string;
      data: Record<string, unknown>;
    }[];
    const created = events.filter((e) => e.type === 'member.created').map((e) => e.data);
    expect(created.map((d) => [d.firstName, d.pointsBalance, d.language]).sort()).toEqual([
      ['Ada', 120, null],
      ['Bo', 0, null],
    ]);
    const ada = created.find((d) => d.firstName === 'Ada');
    expect(events.filter((e) => e.type === 'points.adjusted').map((e) => e.data)).toEqual([
      expect.objectContaining({
        memberId: ada?.id,
        points: 120,
        pointsBalance: 120,
        // The system's reason is a code (docs/design.md §10), no English prose.
        reason: null,
        reasonCode: 'IMPORT_OPENING_BALANCE',
      }),
    ]);
    // The same file again changes nothing, so it tells nothing: no member.updated, no points.
    expect(await files.importAndWait(other.admin, csv)).toMatchObject({ state: 'done', created: 0, updated: 0 });
    const deliveries = await hooks().deliveries(other.owner, made.id);
    expect(deliveries.json().totalElements).toBe(3);
    // A file that renames Bo and keeps Ada as she is: one member.updated, Bo's, as he stands after it.
    const renamed = ['First name,Last name,Phone,Points', `Ada,Lee,${adaPhone},120`, `Bo,Chan-Wong,${boPhone},`];
    expect(await files.importAndWait(other.admin, renamed.join('\n'))).toMatchObject({ state: 'done', updated: 1 });
    expect(await eventually(() => r.received.length >= 4)).toBe(true);
    const last = r.received.slice(3).map((got) => verifier.verify(got.body, got.headers as Record<string, string>));
    expect(last).toEqual([
      expect.objectContaining({
        type: 'member.updated',
        data: expect.objectContaining({ firstName: 'Bo', lastName: 'Chan-Wong', phone: boPhone, pointsBalance: 0 }),
      }),
    ]);
    expect((await hooks().deliveries(other.owner, made.id)).json().totalElements).toBe(4);
  });

  it('a receiver answering 500, 500 then 200 gets the event three times with the same id', async () => {
    const r = await receiver({ statuses: [500, 500, 200] });
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['member.created'] })).json();
    await newMember();
    expect(await eventually(() => r.received.length >= 3, 30_000)).toBe(true);
    const ids = r.received.map((got) => got.headers['webhook-id']);
    expect(new Set(ids).size).toBe(1);
    expect(
      await eventually(async () => {
        const [d] = (await hooks().deliveries(biz.owner, made.id)).json().content;
        return d?.status === 'SUCCEEDED' && d.attempts === 3 && d.responseCode === 200;
      }),
    ).toBe(true);
    expect((await hooks().get(biz.owner, made.id)).json().failingSince).toBeNull();
  }, 40_000);

  it('resends a delivery with the same id when asked', async () => {
    const r = await receiver();
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['member.created'] })).json();
    await newMember();
    expect(await eventually(() => r.received.length === 1)).toBe(true);
    const [delivery] = (await hooks().deliveries(biz.owner, made.id)).json().content;
    const retried = await hooks().retry(biz.owner, made.id, delivery.id);
    expect(retried.statusCode).toBe(202);
    expect(await eventually(() => r.received.length === 2)).toBe(true);
    expect(r.received[1]?.headers['webhook-id']).toBe(r.received[0]?.headers['webhook-id']);
    expect((await hooks().retry(biz.owner, made.id, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('never follows a redirect: a 3xx is a failed attempt and the other address hears nothing', async () => {
    const elsewhere = await receiver();
    const r = await receiver({
      respond: (res) => {
        res.writeHead(302, { location: elsewhere.url });
        res.end();
      },
    });
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['member.created'] })).json();
    await newMember();
    expect(
      await eventually(async () => {
        const [d] = (await hooks().deliveries(biz.owner, made.id)).json().content;
        return d?.attempts >= 1 && d.responseCode === 302 && d.status !== 'SUCCEEDED';
      }),
    ).toBe(true);
    expect(elsewhere.received).toEqual([]);
    await hooks().remove(biz.owner, made.id);
  });

  it('an endpoint failing for three days is turned off, and says why', async () => {
    const r = await receiver({ statuses: [503] });
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['member.created'] })).json();
    await app.database.db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '4 days'` })
      .where(eq(webhookEndpoints.id, made.id));
    await newMember();
    expect(await eventually(async () => (await hooks().get(biz.owner, made.id)).json().enabled === false)).toBe(true);
    const shown = (await hooks().get(biz.owner, made.id)).json();
    expect(shown.disabledReason).toMatch(/failed since .*HTTP 503/);
    const count = r.received.length;
    await newMember();
    // A disabled endpoint gets no new deliveries at all.
    const rows = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.id));
    expect(rows).toHaveLength(1);
    expect(r.received.length).toBe(count);
    // Turning it on again clears the reason.
    const on = await hooks().update(biz.owner, made.id, { url: r.url, events: ['member.created'], enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('a refused change enqueues nothing (the event is in the change’s transaction)', async () => {
    const r = await receiver();
    const made = (await hooks().create(biz.owner, { url: r.url, events: ['points.redeemed'] })).json();
    const memberId = await newMember();
    const refused = await members().record(biz.owner, memberId, { type: 'REDEEM', points: 100 });
    expect(refused.statusCode).toBe(400);
    const rows = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, made.id));
    expect(rows).toEqual([]);
  });
});

describe('webhooks with private addresses refused (WEBHOOK_ALLOW_PRIVATE=false)', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let r: Receiver;
  beforeAll(async () => {
    app = await webhookTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false' });
    biz = await business(app);
    r = await startReceiver();
  });
  afterAll(async () => {
    await app.close();
    await r.close();
  });

  it('refuses loopback, private, link-local and a host name resolving to 127.0.0.1 when saving (400 at url)', async () => {
    for (const url of [
      r.url,
      `http://localhost:${r.port}/hook`,
      'http://[::1]/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
      // IPv6 forms that embed an IPv4 address (the IPv4-compatible one once answered 201).
      'http://[::127.0.0.1]:1/',
      `http://[::127.0.0.1]:${r.port}/hook`,
      'http://[::ffff:0:127.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[64:ff9b:1::a00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    ]) {
      const res = await webhooksApi(app).create(biz.owner, { url, events: ['member.created'] });
      expect({ url, status: res.statusCode, error: res.json().errors?.url }).toEqual({
        url,
        status: 400,
        error: 'This address is private or local; webhooks only go to public addresses',
      });
    }
    expect(r.received).toEqual([]);
  });

  it('checks again when delivering: an endpoint stored with a loopback address is never called', async () => {
    const id = crypto.randomUUID();
    await app.database.db.insert(webhookEndpoints).values({
      id,
      tenantId: biz.tenantId,
      url: `http://localhost:${r.port}/hook`,
      events: ['member.created'],
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    const made = await membersApi(app).create(biz.owner, { firstName: 'No', lastName: 'Way', phone: '+85298765432' });
    expect(made.statusCode).toBe(201);
    expect(
      await eventually(async () => {
        const [d] = await app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
        return (d?.attempts ?? 0) >= 1;
      }),
    ).toBe(true);
    const [d] = await app.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(d).toMatchObject({ responseCode: null, status: 'PENDING' });
    expect(d?.lastError).toMatch(/private/);
    expect(r.received).toEqual([]);
  });
});
