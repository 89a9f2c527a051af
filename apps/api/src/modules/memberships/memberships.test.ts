import { randomUUID } from 'node:crypto';
import { MEMBERSHIP_MESSAGES } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp } from '../../../test/helpers';
import { activeOwner, addTeamUser } from '../../../test/onboarding-helpers';
import { webhookTestApp } from '../../../test/support/webhooks';
import { members, membershipTiers, uploads } from '../../db/schema';

const URL = '/api/memberships';

describe('membership tiers: /api/memberships', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // With its job queue: a tier written where members are queues their re-placement (modules/tier-review).
    app = await webhookTestApp();
  });
  afterAll(() => app.close());

  async function business() {
    const owner = await activeOwner(app);
    const admin = await signUp();
    await addTeamUser(app, owner.tenantId, admin, 'admin', 'ACTIVE');
    const staff = await signUp();
    await addTeamUser(app, owner.tenantId, staff, 'staff', 'ACTIVE');
    return { tenantId: owner.tenantId, owner: owner.token, admin: admin.idToken, staff: staff.idToken };
  }

  async function ownUpload(tenantId: string) {
    const storageKey = `${tenantId}/${randomUUID().replaceAll('-', '')}.png`;
    await app.database.db
      .insert(uploads)
      .values({ id: randomUUID(), tenantId, storageKey, contentType: 'image/png', sizeBytes: 68 });
    return `/files/${storageKey}`;
  }

  const create = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: URL, headers: bearer(token), payload });
  const update = (token: string, id: string, payload: object) =>
    app.inject({ method: 'PUT', url: `${URL}/${id}`, headers: bearer(token), payload });
  const remove = (token: string, id: string) =>
    app.inject({ method: 'DELETE', url: `${URL}/${id}`, headers: bearer(token) });
  const get = (token: string, path = URL) => app.inject({ url: path, headers: bearer(token) });

  it('creates a full tier and answers it with numbers, benefits in order, and the same on GET', async () => {
    const biz = await business();
    const [card, banner] = [await ownUpload(biz.tenantId), await ownUpload(biz.tenantId)];
    const body = {
      name: '  Gold  ',
      nameZh: '黃金會員',
      nameCn: '黄金会员',
      description: 'Our best customers',
      descriptionZh: '最佳顧客',
      descriptionCn: '最佳顾客',
      color: '#FFD700',
      icon: 'crown',
      minSpendAmount: 1000,
      maxSpendAmount: 4999.99,
      discountPercentage: 12.5,
      benefits: ['Free coffee', ' Birthday gift ', 'Priority queue', 'Early access'],
      benefitsZh: ['免費咖啡', ' 生日禮物 '],
      benefitsCn: ['免费咖啡'],
      cardImageUrl: card,
      walletBannerUrl: banner,
      isActive: true,
      sortOrder: 3,
    };
    const res = await create(biz.admin, body);
    expect(res.statusCode).toBe(201);
    const tier = res.json();
    expect(tier).toEqual({
      ...body,
      id: expect.any(String),
      name: 'Gold',
      color: '#ffd700',
      benefits: [
        { benefit: 'Free coffee' },
        { benefit: 'Birthday gift' },
        { benefit: 'Priority queue' },
        { benefit: 'Early access' },
      ],
      benefitsZh: [{ benefit: '免費咖啡' }, { benefit: '生日禮物' }],
      benefitsCn: [{ benefit: '免费咖啡' }],
    });
    expect((await get(biz.staff, `${URL}/${tier.id}`)).json()).toEqual(tier);
    const [row] = await app.database.db.select().from(membershipTiers).where(eq(membershipTiers.id, tier.id));
    expect(row).toMatchObject({ tenantId: biz.tenantId, minSpendAmount: '1000.00', discountPercentage: '12.50' });
  });

  it('only a name is needed: defaults are colour #000000, active, sort order 0, no benefits, nulls', async () => {
    const biz = await business();
    const res = await create(biz.owner, { name: 'Basic', description: '', nameZh: '   ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Basic',
      color: '#000000',
      isActive: true,
      sortOrder: 0,
      benefits: [],
      benefitsZh: [],
      benefitsCn: [],
      description: null,
      nameZh: null,
      minSpendAmount: null,
      maxSpendAmount: null,
      discountPercentage: null,
      cardImageUrl: null,
    });
  });

  it('lists by sort order then name, paged (default size 10)', async () => {
    const biz = await business();
    const names = ['Delta', 'alpha', 'Charlie', 'Bravo', 'Echo', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'];
    for (const [i, name] of names.entries()) {
      const res = await create(biz.owner, { name, sortOrder: i < 4 ? 1 : 2, isActive: false });
      expect(res.statusCode).toBe(201);
    }
    const first = (await get(biz.staff)).json();
    expect(first).toMatchObject({ totalElements: 12, totalPages: 2, number: 0, size: 10, numberOfElements: 10 });
    expect(first.last).toBe(false);
    expect(first.content.slice(0, 5).map((t: { name: string }) => t.name)).toEqual([
      'Bravo',
      'Charlie',
      'Delta',
      'alpha',
      'Echo',
    ]);
    const second = (await get(biz.staff, `${URL}?page=1&size=10`)).json();
    expect(second).toMatchObject({ numberOfElements: 2, last: true });
    expect((await get(biz.staff, `${URL}?size=101`)).statusCode).toBe(400);
    expect((await get(biz.staff, `${URL}?size=0`)).statusCode).toBe(400);
  });

  const invalid: [string, object, Record<string, string>][] = [
    ['blank name', { name: '   ' }, { name: MEMBERSHIP_MESSAGES.nameRequired }],
    ['no name', {}, { name: expect.any(String) as unknown as string }],
    ['negative min', { name: 'A', minSpendAmount: -1 }, { minSpendAmount: MEMBERSHIP_MESSAGES.money }],
    ['three decimals', { name: 'A', minSpendAmount: 1.005 }, { minSpendAmount: MEMBERSHIP_MESSAGES.money }],
    [
      'max not above min',
      { name: 'A', minSpendAmount: 100, maxSpendAmount: 100 },
      { maxSpendAmount: MEMBERSHIP_MESSAGES.maxAboveMin },
    ],
    [
      'discount over 100',
      { name: 'A', discountPercentage: 100.01 },
      { discountPercentage: MEMBERSHIP_MESSAGES.discount },
    ],
    ['money as text', { name: 'A', minSpendAmount: '10' }, { minSpendAmount: MEMBERSHIP_MESSAGES.money }],
    ['bad colour', { name: 'A', color: 'red' }, { color: MEMBERSHIP_MESSAGES.color }],
    ['fractional sort order', { name: 'A', sortOrder: 1.5 }, { sortOrder: MEMBERSHIP_MESSAGES.sortOrder }],
    ['blank benefit', { name: 'A', benefits: ['ok', '  '] }, { 'benefits.1': MEMBERSHIP_MESSAGES.benefitEmpty }],
    ['blank Chinese benefit', { name: 'A', benefitsCn: ['  '] }, { 'benefitsCn.0': MEMBERSHIP_MESSAGES.benefitEmpty }],
    [
      'foreign image',
      { name: 'A', cardImageUrl: 'https://evil.test/x.png' },
      { cardImageUrl: MEMBERSHIP_MESSAGES.foreignImage },
    ],
  ];

  it.each(invalid)('%s: 400 naming the field, nothing stored', async (_, body, errors) => {
    const biz = await business();
    const res = await create(biz.owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors });
    expect((await get(biz.owner)).json().totalElements).toBe(0);
  });

  it('names are unique per tenant in any letter case (409 errors.name), but other tenants may reuse them', async () => {
    const biz = await business();
    expect((await create(biz.owner, { name: 'Gold' })).statusCode).toBe(201);
    const dup = await create(biz.owner, { name: ' gOLD ', isActive: false });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ status: 409, errors: { name: MEMBERSHIP_MESSAGES.nameTaken } });
    const silver = (await create(biz.owner, { name: 'Silver', isActive: false })).json();
    expect((await update(biz.owner, silver.id, { name: 'GOLD', isActive: false })).statusCode).toBe(409);
    const other = await business();
    expect((await create(other.owner, { name: 'Gold' })).statusCode).toBe(201);
  });

  it('active tiers may not overlap (400 on minSpendAmount); inactive ones and touching ranges may', async () => {
    const biz = await business();
    const basic = (await create(biz.owner, { name: 'Basic', minSpendAmount: 0, maxSpendAmount: 500 })).json();
    expect(basic.id).toBeTruthy();
    const open = await create(biz.owner, { name: 'Gold', minSpendAmount: 1000 });
    expect(open.statusCode).toBe(201);
    // [500, 1000) touches both neighbours without overlapping them.
    expect((await create(biz.owner, { name: 'Silver', minSpendAmount: 500, maxSpendAmount: 1000 })).statusCode).toBe(
      201,
    );

    const overlapping = await create(biz.owner, { name: 'Platinum', minSpendAmount: 5000 });
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().errors).toEqual({ minSpendAmount: MEMBERSHIP_MESSAGES.overlap('Gold') });
    const noMin = await create(biz.owner, { name: 'Starter', maxSpendAmount: 100 });
    expect(noMin.json().errors).toEqual({ minSpendAmount: MEMBERSHIP_MESSAGES.overlap('Basic') });
    expect((await create(biz.owner, { name: 'Platinum', minSpendAmount: 5000, isActive: false })).statusCode).toBe(201);

    // A tier never overlaps itself on update, but may not be widened into a neighbour.
    expect(
      (await update(biz.owner, basic.id, { name: 'Basic', minSpendAmount: 0, maxSpendAmount: 400 })).statusCode,
    ).toBe(200);
    const widened = await update(biz.owner, basic.id, { name: 'Basic', minSpendAmount: 0, maxSpendAmount: 600 });
    expect(widened.statusCode).toBe(400);
    expect(widened.json().errors).toEqual({ minSpendAmount: MEMBERSHIP_MESSAGES.overlap('Silver') });
  });

  it('updates replace the tier; unknown ids are 404', async () => {
    const biz = await business();
    const tier = (await create(biz.owner, { name: 'Gold', benefits: ['a', 'b'], discountPercentage: 5 })).json();
    const res = await update(biz.admin, tier.id, { name: 'Gold+', benefits: ['c'], isActive: false, sortOrder: 9 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: tier.id,
      name: 'Gold+',
      benefits: [{ benefit: 'c' }],
      discountPercentage: null,
    });
    expect((await update(biz.owner, randomUUID(), { name: 'X' })).statusCode).toBe(404);
    expect((await get(biz.owner, `${URL}/${randomUUID()}`)).statusCode).toBe(404);
    expect((await remove(biz.owner, randomUUID())).statusCode).toBe(404);
  });

  it('deleting a tier members hold is 409 with how many; a free tier is deleted (204)', async () => {
    const biz = await business();
    const tier = (await create(biz.owner, { name: 'Gold' })).json();
    for (const code of ['M1', 'M2']) {
      await app.database.db.insert(members).values({
        id: randomUUID(),
        tenantId: biz.tenantId,
        firstName: 'A',
        lastName: code,
        phone: '',
        membershipCode: code,
        tierId: tier.id,
      });
    }
    const refused = await remove(biz.owner, tier.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MEMBERSHIP_MESSAGES.inUse(2));
    await app.database.db.update(members).set({ tierId: null }).where(eq(members.tenantId, biz.tenantId));
    expect((await remove(biz.admin, tier.id)).statusCode).toBe(204);
    expect((await get(biz.owner, `${URL}/${tier.id}`)).statusCode).toBe(404);
  });

  it('staff read but never write (403); no token is 401', async () => {
    const biz = await business();
    const tier = (await create(biz.owner, { name: 'Gold' })).json();
    expect((await get(biz.staff)).statusCode).toBe(200);
    expect((await create(biz.staff, { name: 'X' })).statusCode).toBe(403);
    expect((await update(biz.staff, tier.id, { name: 'X' })).statusCode).toBe(403);
    expect((await remove(biz.staff, tier.id)).statusCode).toBe(403);
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('another tenant cannot read, change, delete or list the tier, nor use its images (404 / 400)', async () => {
    const mine = await business();
    const theirs = await business();
    const tier = (await create(mine.owner, { name: 'Gold', cardImageUrl: await ownUpload(mine.tenantId) })).json();
    expect((await get(theirs.owner, `${URL}/${tier.id}`)).statusCode).toBe(404);
    expect((await update(theirs.owner, tier.id, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await remove(theirs.owner, tier.id)).statusCode).toBe(404);
    expect((await get(theirs.owner)).json().totalElements).toBe(0);
    const borrowed = await create(theirs.owner, { name: 'Copy', cardImageUrl: tier.cardImageUrl });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().errors).toEqual({ cardImageUrl: MEMBERSHIP_MESSAGES.foreignImage });
    const [row] = await app.database.db
      .select()
      .from(membershipTiers)
      .where(and(eq(membershipTiers.id, tier.id), eq(membershipTiers.tenantId, mine.tenantId)));
    expect(row?.name).toBe('Gold');
  });

  it('two concurrent creates with overlapping ranges: exactly one wins', async () => {
    const biz = await business();
    const results = await Promise.all([
      create(biz.owner, { name: 'A', minSpendAmount: 0, maxSpendAmount: 100 }),
      create(biz.owner, { name: 'B', minSpendAmount: 50, maxSpendAmount: 150 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });
});
