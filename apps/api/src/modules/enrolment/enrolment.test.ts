import { randomUUID } from 'node:crypto';
import { ENROLMENT_MESSAGES, type PublicCard } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signInWithPhone, signUp, uniquePhone } from '../../../test/helpers';
import { business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { accounts, members, pointsLedger } from '../../db/schema';

const uniqueSlug = () => `shop-${randomUUID().slice(0, 8)}`;
const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  slug: uniqueSlug(),
  welcomePoints: 50,
  requireEmail: false,
  termsUrl: 'https://example.test/terms',
  allowedCountries: [],
  ...overrides,
});
const joinBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Mei',
  lastName: 'Wong',
  acceptTerms: true,
  marketingOptIn: true,
  ...overrides,
});

describe('customer enrolment', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  let slug: string;

  const put = (token: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/tenants/enrolment', headers: bearer(token), payload: payload as object });
  const joinAs = (token: string | null, s: string, payload: unknown = joinBody()) =>
    app.inject({
      method: 'POST',
      url: `/api/public/join/${s}`,
      headers: token ? bearer(token) : {},
      payload: payload as object,
    });
  const cardOf = (token: string, s: string) => app.inject({ url: `/api/public/card/${s}`, headers: bearer(token) });
  const ledgerOf = (memberId: string) =>
    app.database.db.select().from(pointsLedger).where(eq(pointsLedger.memberId, memberId));
  const memberByPhone = async (tenantId: string, phone: string) =>
    (
      await app.database.db
        .select()
        .from(members)
        .where(and(eq(members.tenantId, tenantId), eq(members.phone, phone)))
    )[0];

  beforeAll(async () => {
    app = await buildTestApp();
    biz = await business(app);
    await insertTiers(app, biz.tenantId);
    await insertSettings(app, biz.tenantId);
    slug = uniqueSlug();
    const res = await put(biz.admin, settingsBody({ slug }));
    expect(res.statusCode).toBe(200);
  });
  afterAll(() => app?.close());

  describe('settings (admin and owner)', () => {
    it('starts off with a slug from the business name and the owner’s phone country', async () => {
      const other = await business(app);
      const res = await app.inject({ url: '/api/tenants/enrolment', headers: bearer(other.owner) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        enabled: false,
        slug: 'blue-bottle-bakery',
        welcomePoints: 0,
        requireEmail: false,
        termsUrl: '',
        // The test owners' phones are +1 555 numbers.
        allowedCountries: ['US'],
        joinUrl: 'http://localhost:3000/join/blue-bottle-bakery',
      });
    });

    it('refuses staff', async () => {
      expect((await app.inject({ url: '/api/tenants/enrolment', headers: bearer(biz.staff) })).statusCode).toBe(403);
      expect((await put(biz.staff, settingsBody())).statusCode).toBe(403);
    });

    it('answers the saved settings with the join URL, slug in lower case', async () => {
      const mine = uniqueSlug();
      const res = await put(biz.owner, settingsBody({ slug: mine, allowedCountries: ['HK', 'HK', 'US'] }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        slug: mine,
        allowedCountries: ['HK', 'US'],
        joinUrl: `http://localhost:3000/join/${mine}`,
      });
      const read = await app.inject({ url: '/api/tenants/enrolment', headers: bearer(biz.admin) });
      expect(read.json().slug).toBe(mine);
      // Put the shared slug back for the other tests.
      expect((await put(biz.owner, settingsBody({ slug }))).statusCode).toBe(200);
    });

    it.each([
      ['UPPER', 'slug', ENROLMENT_MESSAGES.slug],
      ['ab', 'slug', ENROLMENT_MESSAGES.slug],
      ['-start', 'slug', ENROLMENT_MESSAGES.slug],
      ['a'.repeat(41), 'slug', ENROLMENT_MESSAGES.slug],
      ['with space', 'slug', ENROLMENT_MESSAGES.slug],
    ])('refuses the slug %j with the field message', async (value, field, message) => {
      const res = await put(biz.admin, settingsBody({ slug: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    });

    it('refuses bad welcome points, terms link and countries at their fields', async () => {
      const res = await put(
        biz.admin,
        settingsBody({ welcomePoints: -1, termsUrl: 'javascript:alert(1)', allowedCountries: ['hk'] }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        welcomePoints: ENROLMENT_MESSAGES.welcomePoints,
        termsUrl: ENROLMENT_MESSAGES.termsUrl,
        'allowedCountries.0': ENROLMENT_MESSAGES.country,
      });
    });

    it('answers 409 at slug when another business holds it, in any letter case', async () => {
      const other = await business(app);
      const res = await put(other.owner, settingsBody({ slug }));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors).toEqual({ slug: ENROLMENT_MESSAGES.slugTaken });
    });

    it('makes the poster as an A4 PNG and a one-page PDF', async () => {
      const png = await app.inject({
        url: '/api/tenants/enrolment/poster.png?language=zh-Hant',
        headers: bearer(biz.admin),
      });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const meta = await sharp(png.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1240, 1754]);

      const pdf = await app.inject({ url: '/api/tenants/enrolment/poster.pdf', headers: bearer(biz.owner) });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const doc = await PDFDocument.load(pdf.rawPayload);
      expect(doc.getPages().map((p) => p.getSize())).toEqual([{ width: 595.28, height: 841.89 }]);

      expect(
        (await app.inject({ url: '/api/tenants/enrolment/poster.png', headers: bearer(biz.staff) })).statusCode,
      ).toBe(403);
    });
  });

  describe('the public join page', () => {
    it('shows the branding of an open page, in any letter case of its slug', async () => {
      const res = await app.inject({ url: `/api/public/join/${slug.toUpperCase()}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        slug,
        storeName: 'Blue Bottle Bakery',
        logoUrl: null,
        backgroundColor: '#a855f7',
        foregroundColor: '#ffffff',
        labelColor: '#e9d5ff',
        requireEmail: false,
        termsUrl: 'https://example.test/terms',
        allowedCountries: [],
        welcomePoints: 50,
      });
    });

    it('answers 404 for an unknown or a closed page', async () => {
      const unknown = await app.inject({ url: `/api/public/join/${uniqueSlug()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ENROLMENT_MESSAGES.notFound);

      const other = await business(app);
      const closed = uniqueSlug();
      expect((await put(other.owner, settingsBody({ slug: closed, enabled: false }))).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/public/join/${closed}` })).statusCode).toBe(404);
      const token = await signInWithPhone(uniquePhone());
      expect((await joinAs(token, closed)).statusCode).toBe(404);
    });

    it('refuses a join without a token, with a bad one, and with a token that has no phone', async () => {
      expect((await joinAs(null, slug)).statusCode).toBe(401);
      expect((await joinAs('a.b.c', slug)).statusCode).toBe(401);
      const emailOnly = await signUp();
      const res = await joinAs(emailOnly.idToken, slug);
      expect(res.statusCode).toBe(403);
    });

    it('refuses an API key on the join and the card (403, it is no customer), and a revoked or made-up one (401)', async () => {
      const made = await app.inject({
        method: 'POST',
        url: '/api/tenants/api-keys',
        headers: bearer(biz.owner),
        payload: { name: 'Till', scopes: ['members:read', 'members:write', 'transactions:write'] },
      });
      expect(made.statusCode).toBe(201);
      const key = made.json().key as string;
      const before = await app.database.db.select().from(members).where(eq(members.tenantId, biz.tenantId));
      const join = await joinAs(key, slug);
      expect({ status: join.statusCode, error: join.json().error }).toEqual({ status: 403, error: 'API_KEY_SCOPE' });
      const card = await cardOf(key, slug);
      expect({ status: card.statusCode, error: card.json().error }).toEqual({ status: 403, error: 'API_KEY_SCOPE' });
      expect(await app.database.db.select().from(members).where(eq(members.tenantId, biz.tenantId))).toHaveLength(
        before.length,
      );
      expect((await joinAs('lpk_made_up', slug)).statusCode).toBe(401);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/tenants/api-keys/${made.json().id}`,
        headers: bearer(biz.owner),
      });
      expect(revoked.statusCode).toBeLessThan(300);
      expect((await cardOf(key, slug)).statusCode).toBe(401);
    });

    it('refuses a join without accepting the terms, before anything is stored', async () => {
      const phone = uniquePhone();
      const token = await signInWithPhone(phone);
      for (const acceptTerms of [false, undefined]) {
        const res = await joinAs(token, slug, joinBody({ acceptTerms }));
        expect(res.statusCode).toBe(400);
        expect(res.json().errors.acceptTerms).toBe(ENROLMENT_MESSAGES.acceptTerms);
      }
      // A language the pages do not speak is refused at its field, nothing stored either.
      const french = await joinAs(token, slug, joinBody({ language: 'fr' }));
      expect(french.statusCode).toBe(400);
      expect(Object.keys(french.json().errors)).toEqual(['language']);
      expect(await memberByPhone(biz.tenantId, phone)).toBeUndefined();
    });

    it('makes a member with the token’s phone, not a phone in the body, and the welcome points once', async () => {
      const phone = uniquePhone();
      const token = await signInWithPhone(phone);
      const other = uniquePhone();
      const first = await joinAs(
        token,
        slug,
        joinBody({ phone: other, email: 'Mei@Example.test', language: 'zh-Hans' }),
      );
      expect(first.statusCode).toBe(201);
      const code = first.json().membershipCode as string;
      expect(code).toMatch(/^M\d{6}$/);

      const member = await memberByPhone(biz.tenantId, phone);
      expect(member).toMatchObject({
        firstName: 'Mei',
        lastName: 'Wong',
        email: 'mei@example.test',
        membershipCode: code,
        marketingOptIn: true,
        pointsBalance: 50,
        language: 'zh-Hans',
      });
      expect(await memberByPhone(biz.tenantId, other)).toBeUndefined();
      const ledger = await ledgerOf(member?.id as string);
      expect(ledger.map((e) => [e.type, e.points])).toEqual([['BONUS', 50]]);

      // The same phone again (another sign-in, other names): the same member, no second bonus.
      const again = await joinAs(await signInWithPhone(phone), slug, joinBody({ firstName: 'Other' }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ membershipCode: code });
      expect((await ledgerOf(member?.id as string)).length).toBe(1);
      expect((await memberByPhone(biz.tenantId, phone))?.firstName).toBe('Mei');
    });

    it('makes one member and one bonus when the same phone joins twice at once', async () => {
      const phone = uniquePhone();
      const token = await signInWithPhone(phone);
      const answers = await Promise.all([joinAs(token, slug), joinAs(token, slug)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
      expect(new Set(answers.map((a) => a.json().membershipCode)).size).toBe(1);
      const member = await memberByPhone(biz.tenantId, phone);
      expect((await ledgerOf(member?.id as string)).length).toBe(1);
    });

    it('asks for an e-mail when the page requires one, and refuses phones of other countries', async () => {
      const other = await business(app);
      const strict = uniqueSlug();
      expect(
        (await put(other.owner, settingsBody({ slug: strict, requireEmail: true, allowedCountries: ['HK'] })))
          .statusCode,
      ).toBe(200);
      const hk = `+8529${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
      const hkToken = await signInWithPhone(hk);
      const noEmail = await joinAs(hkToken, strict);
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().errors).toEqual({ email: ENROLMENT_MESSAGES.emailRequired });
      expect((await joinAs(hkToken, strict, joinBody({ email: 'hk@example.test' }))).statusCode).toBe(201);
      // Signing in again as that member: the same card, no e-mail asked.
      expect((await joinAs(hkToken, strict)).statusCode).toBe(200);

      const us = await joinAs(await signInWithPhone(uniquePhone()), strict, joinBody({ email: 'us@example.test' }));
      expect(us.statusCode).toBe(403);
      expect(us.json().message).toBe(ENROLMENT_MESSAGES.phoneCountry);
    });

    it('never makes the customer a user of the portal', async () => {
      const token = await signInWithPhone(uniquePhone());
      expect((await joinAs(token, slug)).statusCode).toBe(201);
      const uid = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).user_id as string;
      expect(await app.database.db.select().from(accounts).where(eq(accounts.firebaseUid, uid))).toEqual([]);
      expect((await app.inject({ url: '/api/members/me', headers: bearer(token) })).statusCode).toBe(403);
      expect((await app.inject({ url: '/api/tenants/member', headers: bearer(token) })).statusCode).toBe(403);
    });
  });

  describe('the card', () => {
    it('shows the customer their own card, and the balance after a purchase at the counter', async () => {
      const phone = uniquePhone();
      const orderId = `CARD-${randomUUID()}`;
      const token = await signInWithPhone(phone);
      expect((await joinAs(token, slug)).statusCode).toBe(201);
      const member = await memberByPhone(biz.tenantId, phone);
      const purchase = await membersApi(app).record(biz.staff, member?.id as string, {
        type: 'PURCHASE',
        amount: 12,
        orderId,
        note: 'Staff only: paid with a voucher',
      });
      expect(purchase.statusCode).toBe(201);

      const res = await cardOf(token, slug);
      expect(res.statusCode).toBe(200);
      const card = res.json() as PublicCard;
      expect(card).toMatchObject({
        firstName: 'Mei',
        membershipCode: member?.membershipCode,
        tier: { name: 'Basic', nameZh: null, nameCn: null },
        pointsBalance: 170,
        nextTier: { name: 'Silver', amountToReach: 488 },
        expiringNext: null,
      });
      // The wallet module's save link (the development issuer here): a JWT Google verifies.
      expect(card.googleSaveUrl).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(card.history.map((e) => [e.type, e.points])).toEqual([
        ['PURCHASE', 120],
        ['BONUS', 50],
      ]);
      // The order is the customer's own; what staff noted about it stays with the business.
      expect(card.history[0]?.orderId).toBe(orderId);
      expect(JSON.stringify(card)).not.toContain('voucher');
      expect(JSON.stringify(card)).not.toContain(phone);

      // The signed link opens the pass without a token; changed or for another member it is refused.
      const link = new URL(card.appleUrl);
      expect(link.origin).toBe('http://localhost:3000');
      const pass = await app.inject({ url: `${link.pathname}${link.search}` });
      expect(pass.statusCode, pass.body).toBe(200);
      expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
      expect(pass.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const forged = new URL(link);
      forged.searchParams.set('m', randomUUID());
      expect((await app.inject({ url: `${forged.pathname}${forged.search}` })).statusCode).toBe(404);
      const later = new URL(link);
      later.searchParams.set('exp', String(Number(link.searchParams.get('exp')) + 60));
      expect((await app.inject({ url: `${later.pathname}${later.search}` })).statusCode).toBe(404);

      // A phone's browser tapping a dead link gets a page in its language that leads back to the card; an API
      // client asking for JSON (or anything) keeps the one JSON error.
      const safari = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
      const page = await app.inject({
        url: `${later.pathname}${later.search}`,
        headers: { accept: safari, 'accept-language': 'zh-HK,zh;q=0.9' },
      });
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<html lang="zh-Hant">');
      expect(page.body).toContain('此連結已過期');
      expect(page.body).toContain(`href="/card/${slug}"`);
      const english = await app.inject({
        url: `${forged.pathname}${forged.search}`,
        headers: { accept: safari, 'accept-language': 'en-GB' },
      });
      expect(english.body).toContain('This link has expired');
      for (const accept of ['application/json', '*/*', '']) {
        const json = await app.inject({ url: `${later.pathname}${later.search}`, headers: { accept } });
        expect(json.headers['content-type']).toMatch(/^application\/json/);
        expect(json.json()).toMatchObject({ status: 404, message: 'This link has expired: open your card again' });
      }
    });

    it('answers 404 to a phone that is no member, and to a member on another business’s page', async () => {
      const stranger = await cardOf(await signInWithPhone(uniquePhone()), slug);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe(ENROLMENT_MESSAGES.notMember);

      const phone = uniquePhone();
      const token = await signInWithPhone(phone);
      expect((await joinAs(token, slug)).statusCode).toBe(201);
      const other = await business(app);
      const otherSlug = uniqueSlug();
      expect((await put(other.owner, settingsBody({ slug: otherSlug }))).statusCode).toBe(200);
      expect((await cardOf(token, otherSlug)).statusCode).toBe(404);
      expect((await cardOf(token, slug)).statusCode).toBe(200);
      expect((await app.inject({ url: `/api/public/card/${slug}` })).statusCode).toBe(401);
    });
  });
});

// Each test builds its own app (its own limits): on a busy machine that alone can take most of 30 s.
describe('rate limits on the public calls', () => {
  let app: FastifyInstance;
  afterAll(() => app?.close());

  it('limits calls per address and per phone, with Retry-After', async () => {
    app = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: '3', RATE_LIMIT_PUBLIC_PER_PHONE_PER_MINUTE: '2' });
    const unknown = `/api/public/join/${uniqueSlug()}`;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await app.inject({ url: unknown })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await app.inject({ url: unknown });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another address: its own count; the phone's count starts once its token is verified.
    const biz = await business(app);
    const slug = uniqueSlug();
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.owner),
      payload: settingsBody({ slug }),
    });
    expect(saved.statusCode).toBe(200);
    const token = await signInWithPhone(uniquePhone());
    const from = (ip: string) =>
      app.inject({ url: `/api/public/card/${slug}`, headers: bearer(token), remoteAddress: ip });
    expect((await from('10.0.0.1')).statusCode).toBe(404);
    expect((await from('10.0.0.2')).statusCode).toBe(404);
    expect((await from('10.0.0.3')).statusCode).toBe(429);
  }, 120_000);

  it('limits calls per business, whoever makes them', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PUBLIC_PER_TENANT_PER_MINUTE: '2' });
    try {
      const biz = await business(limited);
      const slug = uniqueSlug();
      const saved = await limited.inject({
        method: 'PUT',
        url: '/api/tenants/enrolment',
        headers: bearer(biz.owner),
        payload: settingsBody({ slug }),
      });
      expect(saved.statusCode).toBe(200);
      const from = (ip: string) => limited.inject({ url: `/api/public/join/${slug}`, remoteAddress: ip });
      expect((await from('10.0.1.1')).statusCode).toBe(200);
      expect((await from('10.0.1.2')).statusCode).toBe(200);
      expect((await from('10.0.1.3')).statusCode).toBe(429);
      // Another business's page has its own count.
      expect(
        (await limited.inject({ url: `/api/public/join/${uniqueSlug()}`, remoteAddress: '10.0.1.4' })).statusCode,
      ).toBe(404);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
