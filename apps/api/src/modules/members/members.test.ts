import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniquePhone } from '../../../test/helpers';
import { addMember, business, insertSettings, insertTiers, membersApi, stored } from '../../../test/support/members';
import { members, membershipTiers, pointsLots } from '../../db/schema';
import { listMembers } from './repository';

describe('members: /api/tenants/member', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = membersApi(app);
  });
  afterAll(() => app.close());

  it('creates members with generated codes, lists them newest first with the spec row, and never reuses a code', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const res = await api.create(b.owner, {
      firstName: ' Mia ',
      lastName: 'Chen',
      email: 'Mia@Example.test',
      phone: '+85290000001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      firstName: 'Mia',
      email: 'mia@example.test',
      membershipCode: 'M000001',
      membershipLevelName: 'Basic',
      tierId: tiers.basic,
      tierPinned: false,
      pointsBalance: 0,
      status: 'active',
      lifetimeSpend: 0,
      nextTier: { name: 'Silver', amountToReach: 500 },
    });
    const second = await addMember(app, b.admin, { firstName: 'Leo', lastName: 'Wong' });
    expect((await api.remove(b.admin, second)).statusCode).toBe(204);
    await addMember(app, b.admin, { firstName: 'Ana', lastName: 'Silva' });
    const list = await api.list(b.staff);
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page).toMatchObject({
      totalElements: 2,
      totalPages: 1,
      number: 0,
      size: 20,
      numberOfElements: 2,
      first: true,
      last: true,
    });
    expect(page.content.map((m: { membershipCode: string }) => m.membershipCode)).toEqual(['M000003', 'M000001']);
    expect(Object.keys(page.content[0]).sort()).toEqual(
      [
        'createdAt',
        'email',
        'firstName',
        'lastName',
        'membershipCode',
        'membershipLevelName',
        'phone',
        'pointsBalance',
        'status',
        'tierId',
        'userId',
      ].sort(),
    );
  });

  it('searches on the server over names, full name, e-mail, phone and code, case-insensitively; filters by tier and status', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const phone = uniquePhone();
    const a = await addMember(app, b.owner, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.test',
      phone,
    });
    const c = await addMember(app, b.owner, { firstName: 'Alan', lastName: 'Turing', tierId: tiers.gold });
    await api.update(b.owner, c, { firstName: 'Alan', lastName: 'Turing', tierId: tiers.gold, status: 'inactive' });
    const ids = async (q: string) =>
      (await api.list(b.staff, q)).json().content.map((m: { userId: string }) => m.userId);
    expect(await ids('?search=grace%20HOP')).toEqual([a]);
    expect(await ids('?search=NAVY')).toEqual([a]);
    expect(await ids(`?search=${encodeURIComponent(phone.slice(-6))}`)).toEqual([a]);
    expect(await ids('?search=m000002')).toEqual([c]);
    expect(await ids('?search=%25')).toEqual([]);
    expect(await ids(`?tierId=${tiers.gold}`)).toEqual([c]);
    expect(await ids('?status=inactive')).toEqual([c]);
    expect(await ids('?status=active')).toEqual([a]);
    expect((await api.list(b.staff, '?size=101')).statusCode).toBe(400);
    expect((await api.list(b.staff, '?status=gone')).statusCode).toBe(400);
  });

  it('finds a Chinese full name typed family name first without a space, as well as "given family"', async () => {
    const b = await business(app);
    const chan = await addMember(app, b.owner, { firstName: '大文', lastName: '陳' });
    await addMember(app, b.owner, { firstName: '小明', lastName: '李' });
    const ids = async (text: string) =>
      (await api.list(b.staff, `?search=${encodeURIComponent(text)}`))
        .json()
        .content.map((m: { userId: string }) => m.userId);
    expect(await ids('陳大文')).toEqual([chan]);
    expect(await ids('陳大')).toEqual([chan]);
    expect(await ids('大文 陳')).toEqual([chan]);
    expect(await ids('陳')).toEqual([chan]);
    expect(await ids('陳小明')).toEqual([]);
  });

  it('pages with a deferred join: every member once across pages, forwards and from the far end', async () => {
    const b = await business(app);
    for (let i = 0; i < 7; i++) await addMember(app, b.owner, { firstName: `P${i}`, lastName: 'Page' });
    const seen: string[] = [];
    for (let p = 0; p < 3; p++) {
      const page = (await api.list(b.staff, `?size=3&page=${p}`)).json();
      expect(page).toMatchObject({ totalElements: 7, totalPages: 3, number: p, last: p === 2 });
      seen.push(...page.content.map((m: { firstName: string }) => m.firstName));
    }
    expect(seen).toEqual(['P6', 'P5', 'P4', 'P3', 'P2', 'P1', 'P0']);
    expect((await api.list(b.staff, '?size=3&page=5')).json().content).toEqual([]);
  });

  it('the total follows every create and delete (kept by triggers), and a search never spans two fields', async () => {
    const b = await business(app);
    const other = await business(app);
    await addMember(app, other.owner, { firstName: 'Other', lastName: 'Tenant' });
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push(await addMember(app, b.owner, { firstName: `C${i}`, lastName: 'Count' }));
    const total = async (q = '') => (await api.list(b.staff, q)).json().totalElements;
    expect(await total()).toBe(4);
    expect((await api.remove(b.owner, made[0] as string)).statusCode).toBe(204);
    expect(await total()).toBe(3);
    // A bulk insert outside the API (a seed, an import) is counted too.
    await app.database.db.insert(members).values(
      [1, 2].map((n) => ({
        id: randomUUID(),
        tenantId: b.tenantId,
        firstName: `Bulk${n}`,
        lastName: 'Row',
        membershipCode: `BULK${n}`,
      })),
    );
    expect(await total()).toBe(5);
    expect(await total('?search=count')).toBe(3);
    // "Count" ends the name and "m0" starts the code: no member matches across that boundary.
    expect(await total('?search=countm0')).toBe(0);
    expect((await api.list(other.staff, '')).json().totalElements).toBe(1);
  });

  it('e-mail (any case) and phone are unique per tenant: 409 naming the field; another tenant may reuse them', async () => {
    const b = await business(app);
    const other = await business(app);
    const phone = uniquePhone();
    const first = await addMember(app, b.owner, { email: 'dup@example.test', phone });
    const byEmail = await api.create(b.owner, { firstName: 'X', lastName: 'Y', email: 'DUP@example.test' });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toMatchObject({ status: 409, errors: { email: 'A member with this email already exists' } });
    const byPhone = await api.create(b.owner, { firstName: 'X', lastName: 'Y', phone });
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json().errors).toEqual({ phone: 'A member with this phone already exists' });
    const second = await addMember(app, b.owner, { firstName: 'Z' });
    const edit = await api.update(b.owner, second, {
      firstName: 'Z',
      lastName: 'Chen',
      phone,
      status: 'active',
      tierId: null,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().errors).toHaveProperty('phone');
    // Keeping one's own e-mail and phone is not a conflict.
    const same = await api.update(b.owner, first, {
      firstName: 'Mia',
      lastName: 'Chen',
      email: 'dup@example.test',
      phone,
      status: 'active',
      tierId: null,
    });
    expect(same.statusCode).toBe(200);
    expect(
      (await api.create(other.owner, { firstName: 'X', lastName: 'Y', email: 'dup@example.test', phone })).statusCode,
    ).toBe(201);
  });

  it('validates bodies with the form’s messages', async () => {
    const b = await business(app);
    const res = await api.create(b.owner, { firstName: ' ', lastName: 'Y', email: 'nope', phone: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      firstName: 'Required',
      email: 'Invalid email',
      phone: 'Invalid phone (use + country code)',
    });
    const foreignTier = await api.create(b.owner, { firstName: 'X', lastName: 'Y', tierId: randomUUID() });
    expect(foreignTier.statusCode).toBe(400);
    expect(foreignTier.json().errors).toHaveProperty('tierId');
  });

  it('PUT pins a tier or returns to automatic (the tier lifetime spend gives)', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 600 });
    const base = { firstName: 'Mia', lastName: 'Chen', status: 'active' };
    const pinned = await api.update(b.admin, id, { ...base, tierId: tiers.gold });
    expect(pinned.json()).toMatchObject({ tierPinned: true, tier: { name: 'Gold' }, membershipLevelName: 'Gold' });
    // A purchase does not move a pinned tier.
    const buy = await api.record(b.staff, id, { type: 'PURCHASE', amount: 10 });
    expect(buy.json().tier).toMatchObject({ name: 'Gold' });
    const auto = await api.update(b.admin, id, { ...base, tierId: null });
    expect(auto.json()).toMatchObject({ tierPinned: false, tier: { id: tiers.silver, name: 'Silver' } });
  });

  it('staff reads and records purchases and redemptions but may not add, edit, delete or adjust (403, nothing changed)', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const id = await addMember(app, b.owner);
    expect((await api.create(b.staff, { firstName: 'S', lastName: 'T' })).statusCode).toBe(403);
    expect(
      (await api.update(b.staff, id, { firstName: 'S', lastName: 'T', status: 'active', tierId: null })).statusCode,
    ).toBe(403);
    expect((await api.remove(b.staff, id)).statusCode).toBe(403);
    expect((await api.record(b.staff, id, { type: 'PURCHASE', amount: 20 })).statusCode).toBe(201);
    expect((await api.record(b.staff, id, { type: 'REDEEM', points: 50 })).statusCode).toBe(201);
    const adjust = await api.record(b.staff, id, { type: 'ADJUST', points: 1000, reason: 'gift' });
    expect(adjust.statusCode).toBe(403);
    expect(await stored(app, b.tenantId, id)).toMatchObject({ balance: 150, ledgerSum: 150, entries: 2 });
    expect((await api.get(b.staff, id)).json()).toMatchObject({ firstName: 'Mia', pointsBalance: 150 });
    const byAdmin = await api.record(b.admin, id, { type: 'ADJUST', points: -150, reason: 'correction' });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json()).toMatchObject({
      pointsBalance: 0,
      entry: { type: 'ADJUST', points: -150, reason: 'correction' },
    });
  });

  it('another tenant’s member is 404 on every call and nothing changes', async () => {
    const b = await business(app);
    const other = await business(app);
    await insertSettings(app, b.tenantId);
    await insertSettings(app, other.tenantId);
    const id = await addMember(app, b.owner);
    await api.record(b.owner, id, { type: 'PURCHASE', amount: 100 });
    const before = await stored(app, b.tenantId, id);
    const calls = [
      api.get(other.owner, id),
      api.ledger(other.owner, id),
      api.update(other.owner, id, { firstName: 'Evil', lastName: 'Corp', status: 'inactive', tierId: null }),
      api.remove(other.owner, id),
      api.record(other.owner, id, { type: 'REDEEM', points: 100 }),
      api.record(other.owner, id, { type: 'PURCHASE', amount: 5 }),
      api.record(other.owner, id, { type: 'ADJUST', points: -500, reason: 'x' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await api.list(other.owner)).json().totalElements).toBe(0);
    expect(await stored(app, b.tenantId, id)).toEqual(before);
    const [row] = await app.database.db
      .select({ firstName: members.firstName })
      .from(members)
      .where(eq(members.id, id));
    expect(row?.firstName).toBe('Mia');
  });
  it('a list page served from the cache shows every change made behind its back on the next read', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const id = await addMember(app, b.admin, { firstName: 'Mia', lastName: 'Chen' });
    const row = async (query = '') => (await api.list(b.staff, query)).json().content[0];
    expect(await row()).toMatchObject({ firstName: 'Mia', membershipLevelName: 'Basic' });
    expect(await row('?search=mia')).toMatchObject({ firstName: 'Mia' });
    // Straight in SQL, as another API instance or an operator would: no request of this instance sees it.
    const { db } = app.database;
    await db.update(members).set({ firstName: 'Nora' }).where(eq(members.id, id));
    expect(await row()).toMatchObject({ firstName: 'Nora' });
    expect((await api.list(b.staff, '?search=mia')).json().totalElements).toBe(0);
    await db.update(membershipTiers).set({ name: 'Bronze' }).where(eq(membershipTiers.id, tiers.basic));
    expect(await row()).toMatchObject({ membershipLevelName: 'Bronze' });
    await db.delete(members).where(eq(members.id, id));
    expect((await api.list(b.staff)).json()).toMatchObject({ totalElements: 0, content: [] });
    const tierPage = await app.inject({
      url: '/api/memberships?page=0&size=10',
      headers: { authorization: `Bearer ${b.staff}` },
    });
    expect(tierPage.json().content.map((t: { name: string }) => t.name)).toContain('Bronze');
    await db.delete(membershipTiers).where(eq(membershipTiers.id, tiers.gold));
    const after = await app.inject({
      url: '/api/memberships?page=0&size=10',
      headers: { authorization: `Bearer ${b.staff}` },
    });
    expect(after.json().totalElements).toBe(2);
  });
  it('a cached list page says in Server-Timing whether it was built or reused, and is built again after a change', async () => {
    const b = await business(app);
    const id = await addMember(app, b.admin, { firstName: 'Mia', lastName: 'Chen' });
    const timing = async (query = '') => (await api.list(b.staff, query)).headers['server-timing'];
    expect(await timing()).toBe('cache;desc=miss');
    expect(await timing()).toBe('cache;desc=hit');
    expect(await timing('?search=mia')).toBe('cache;desc=miss');
    await api.record(b.staff, id, { type: 'PURCHASE', amount: 5 });
    expect(await timing()).toBe('cache;desc=miss');
    const tiers = () =>
      app.inject({ url: '/api/memberships?page=0&size=10', headers: { authorization: `Bearer ${b.staff}` } });
    expect((await tiers()).headers['server-timing']).toBe('cache;desc=miss');
    expect((await tiers()).headers['server-timing']).toBe('cache;desc=hit');
  });
  it('a listed balance drops when its points expire, and after a change to the points alone, without waiting on the cache', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30, minimumRedemption: null });
    const id = await addMember(app, b.owner);
    expect((await api.record(b.staff, id, { type: 'PURCHASE', amount: 50 })).statusCode).toBe(201);
    const balance = async () => (await api.list(b.staff)).json().content[0].pointsBalance;
    // Straight in SQL, on the points alone: they expire, then they are given a second and a half more.
    const { db } = app.database;
    expect(await balance()).toBe(500);
    await db.update(pointsLots).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(pointsLots.memberId, id));
    expect(await balance()).toBe(0);
    await db
      .update(pointsLots)
      .set({ expiresAt: sql`now() + interval '1.5 seconds'` })
      .where(eq(pointsLots.memberId, id));
    expect(await balance()).toBe(500);
    expect(await balance()).toBe(500);
    // No write happens at expiry: the page must end on its own when the points pass their date.
    await expect.poll(balance, { timeout: 10_000, interval: 200 }).toBe(0);
  });

  // docs/design.md §8: names show on screens and wallet passes; a bidi override would make `bidi\u202Eevil` display reversed.
  it('refuses invisible direction and zero-width characters at the field, storing nothing, and keeps CJK and right-to-left names', async () => {
    const b = await business(app);
    const refused = await api.create(b.owner, { firstName: 'bidi\u202Eevil', lastName: 'Chan' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ firstName: 'Contains invisible direction or zero-width characters' });
    const zeroWidth = await api.create(b.owner, { firstName: 'Amy', lastName: 'Wo\u200Bng' });
    expect(zeroWidth.json().errors).toEqual({ lastName: 'Contains invisible direction or zero-width characters' });
    expect((await api.list(b.owner)).json().totalElements).toBe(0);

    const id = await addMember(app, b.owner, { firstName: '陳大文', lastName: 'مريم' });
    const member = (await api.get(b.owner, id)).json();
    expect([member.firstName, member.lastName]).toEqual(['陳大文', 'مريم']);
    const edit = await api.update(b.owner, id, { firstName: 'x\u2066y', lastName: 'z', status: 'active' });
    expect(edit.statusCode).toBe(400);
    expect((await api.get(b.owner, id)).json().firstName).toBe('陳大文');
    const reason = await api.record(b.owner, id, { type: 'ADJUST', points: 5, reason: 'gift\u202D' });
    expect(reason.json().errors).toEqual({ reason: 'Contains invisible direction or zero-width characters' });
  });

  it('names every row of a page by its own tier, or none, and names a tier the cached names predate', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const basic = await addMember(app, b.admin, { firstName: 'Ann' });
    const gold = await addMember(app, b.admin, { firstName: 'Bea' });
    const none = await addMember(app, b.admin, { firstName: 'Cai' });
    const { db } = app.database;
    await db.update(members).set({ tierId: tiers.gold, tierPinned: true }).where(eq(members.id, gold));
    await db.update(members).set({ tierId: null, tierPinned: true }).where(eq(members.id, none));
    const names = async () =>
      Object.fromEntries(
        (await api.list(b.staff))
          .json()
          .content.map((m: { userId: string; membershipLevelName: string | null }) => [
            m.userId,
            m.membershipLevelName,
          ]),
      );
    expect(await names()).toEqual({ [basic]: 'Basic', [gold]: 'Gold', [none]: null });
    // A tier made and given straight in SQL (another instance) is named at the next read.
    const [platinum] = await db
      .insert(membershipTiers)
      .values({ id: randomUUID(), tenantId: b.tenantId, name: 'Platinum', color: '#aaaaaa' })
      .returning({ id: membershipTiers.id });
    await db.update(members).set({ tierId: platinum?.id }).where(eq(members.id, none));
    expect(await names()).toEqual({ [basic]: 'Basic', [gold]: 'Gold', [none]: 'Platinum' });
    // Names read before the tier existed (a write racing the read) are read again rather than left blank.
    const { rows } = await listMembers(db, b.tenantId, { page: 0, size: 20 }, { tierNames: async () => new Map() });
    expect(rows.map((r) => r.membershipLevelName)).toEqual(['Platinum', 'Gold', 'Basic']);
  });

  it("answers the tier's Chinese names with the member row, the detail and the dashboard's tier mix (docs/design.md §8)", async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    await app.database.db
      .update(membershipTiers)
      .set({ nameZh: '基本', nameCn: '基本会员' })
      .where(eq(membershipTiers.id, tiers.basic));
    const id = await addMember(app, b.owner, { firstName: 'Amy' });
    const row = (await api.list(b.owner)).json().content[0];
    expect(row).toMatchObject({
      membershipLevelName: 'Basic',
      membershipLevelNameZh: '基本',
      membershipLevelNameCn: '基本会员',
    });
    expect((await api.get(b.owner, id)).json().tier).toMatchObject({
      name: 'Basic',
      nameZh: '基本',
      nameCn: '基本会员',
    });
    const dashboard = await app.inject({ url: '/api/dashboard', headers: bearer(b.owner) });
    expect(dashboard.json().tierMix).toEqual([
      { tierId: tiers.basic, name: 'Basic', nameZh: '基本', nameCn: '基本会员', color: '#888888', count: 1 },
    ]);
  });
});
