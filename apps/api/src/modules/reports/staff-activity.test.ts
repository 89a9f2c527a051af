import { randomUUID } from 'node:crypto';
import type { StaffActivity, StaffActivityRow } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { addMember, business, insertSettings, membersApi } from '../../../test/support/members';
import { pointsLedger, tenantUsers } from '../../db/schema';

type Biz = Awaited<ReturnType<typeof business>>;

const day = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

describe('staff activity report', () => {
  let app: FastifyInstance;
  let b: Biz;
  let ids: { owner: string; admin: string; staff: string };
  const members = () => membersApi(app);
  const today = day(new Date());
  const report = (query: string, token = b.owner) =>
    app.inject({ url: `/api/tenants/reports/staff-activity${query}`, headers: bearer(token) });
  const rowOf = (body: StaffActivity, userId: string) => body.rows.find((r) => r.userId === userId);

  /** An entry written straight into the ledger: a type or a time the API cannot produce on demand. */
  const insertEntry = (memberId: string, values: Partial<typeof pointsLedger.$inferInsert>) =>
    app.database.db.insert(pointsLedger).values({
      id: randomUUID(),
      tenantId: b.tenantId,
      memberId,
      type: 'ADJUST',
      points: 0,
      ...values,
    });

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
    await insertSettings(app, b.tenantId);
    // Days in UTC here, so "today" is the test's; the time zone has its own test below.
    const utc = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(b.owner),
      payload: { country: 'HK', timeZone: 'UTC', language: 'en' },
    });
    expect(utc.statusCode, utc.body).toBe(200);
    const team = await app.database.db
      .select({ accountId: tenantUsers.accountId, role: tenantUsers.role })
      .from(tenantUsers)
      .where(eq(tenantUsers.tenantId, b.tenantId));
    const idOf = (role: string) => team.find((t) => t.role === role)?.accountId as string;
    ids = { owner: idOf('owner'), admin: idOf('admin'), staff: idOf('staff') };

    // $1 → 10 points. Staff: two purchases, one reversed, a redemption; the admin: a purchase and two adjustments.
    const mia = await addMember(app, b.owner, { firstName: 'Mia', lastName: 'Chen' });
    const ken = await addMember(app, b.owner, { firstName: 'Ken', lastName: 'Lau' });
    const record = async (token: string, memberId: string, body: object) => {
      const res = await members().record(token, memberId, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().entry.id as string;
    };
    await record(b.staff, mia, { type: 'PURCHASE', amount: 12.5 });
    const second = await record(b.staff, ken, { type: 'PURCHASE', amount: 7.25 });
    await record(b.staff, mia, { type: 'REDEEM', points: 50 });
    const reversal = await app.inject({
      method: 'POST',
      url: `/api/tenants/member/${ken}/transactions/${second}/reversal`,
      headers: bearer(b.staff),
    });
    expect(reversal.statusCode, reversal.body).toBe(201);
    await record(b.admin, ken, { type: 'PURCHASE', amount: 3 });
    await record(b.admin, ken, { type: 'ADJUST', points: 75, reason: 'Welcome back' });
    await record(b.admin, ken, { type: 'ADJUST', points: -10, reason: 'Typo' });

    // A refund by staff (the entry type the refunds feature writes), counted by type.
    await insertEntry(mia, { type: 'REFUND' as 'ADJUST', points: -25, amount: '2.50', accountId: ids.staff });
    // Nobody's: the join page's welcome points.
    await insertEntry(mia, { type: 'BONUS', points: 100, accountId: null });
    // Outside the range: three days ago, and tomorrow.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    await insertEntry(mia, {
      type: 'PURCHASE',
      points: 990,
      amount: '99.00',
      accountId: ids.staff,
      createdAt: threeDaysAgo,
    });
    await insertEntry(mia, {
      type: 'PURCHASE',
      points: 10,
      amount: '1.00',
      accountId: ids.staff,
      createdAt: new Date(Date.now() + DAY_MS),
    });
  });
  afterAll(() => app.close());

  it('sums what each team user recorded today, every team user listed, by name', async () => {
    const res = await report(`?from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StaffActivity;
    expect(body).toMatchObject({ from: today, to: today, timeZone: 'UTC' });
    expect(rowOf(body, ids.staff)).toMatchObject({
      role: 'staff',
      purchases: 2,
      amount: 19.75,
      // 125 + 72 earned; the reversal and the redemption take points back but issue none.
      points: 197,
      redemptions: 1,
      reversals: 1,
      refunds: 1,
    });
    expect(rowOf(body, ids.admin)).toMatchObject({
      role: 'admin',
      purchases: 1,
      amount: 3,
      // 30 earned and 75 added; the negative adjustment issues nothing.
      points: 105,
      redemptions: 0,
      reversals: 0,
      refunds: 0,
    });
    // The owner recorded nothing today and is still listed.
    expect(rowOf(body, ids.owner)).toMatchObject({
      role: 'owner',
      purchases: 0,
      amount: 0,
      points: 0,
      redemptions: 0,
      reversals: 0,
      refunds: 0,
    });
    expect(body.rows).toHaveLength(3);
    const names = body.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });

  it('agrees with the ledger: each row is the sum of the entries its user wrote in the range', async () => {
    const from = day(new Date(Date.now() - 5 * DAY_MS));
    const body = (await report(`?from=${from}&to=${today}`)).json() as StaffActivity;
    const start = Date.parse(`${from}T00:00:00Z`);
    const end = Date.parse(`${today}T00:00:00Z`) + DAY_MS;
    const entries = (
      await app.database.db
        .select()
        .from(pointsLedger)
        .where(and(eq(pointsLedger.tenantId, b.tenantId)))
    ).filter((e) => e.accountId && e.createdAt.getTime() >= start && e.createdAt.getTime() < end);
    const expected = (accountId: string) => {
      const mine = entries.filter((e) => e.accountId === accountId);
      const of = (type: string) => mine.filter((e) => e.type === type);
      return {
        purchases: of('PURCHASE').length,
        amount: of('PURCHASE').reduce((sum, e) => sum + Number(e.amount), 0),
        points: mine
          .filter((e) => e.points > 0 && ['PURCHASE', 'BONUS', 'ADJUST', 'IMPORT'].includes(e.type))
          .reduce((sum, e) => sum + e.points, 0),
        redemptions: of('REDEEM').length,
        reversals: of('REVERSAL').length,
        refunds: of('REFUND').length,
      };
    };
    for (const id of Object.values(ids)) {
      const row = rowOf(body, id) as StaffActivityRow;
      expect({ ...row, amount: Math.round(row.amount * 100) }).toMatchObject({
        ...expected(id),
        amount: Math.round(expected(id).amount * 100),
      });
    }
    // Three days ago's purchase is in this range; tomorrow's is not.
    expect(rowOf(body, ids.staff)).toMatchObject({ purchases: 3, amount: 118.75, points: 1187 });
  });

  it('as CSV: the same rows, one line each, with a BOM', async () => {
    const json = (await report(`?from=${today}&to=${today}`)).json() as StaffActivity;
    const res = await app.inject({
      url: `/api/tenants/reports/staff-activity.csv?from=${today}&to=${today}`,
      headers: bearer(b.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="staff-activity-${today}-${today}.csv"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toBe('User id,Name,Email,Role,Purchases,Amount,Points,Redemptions,Reversals,Refunds');
    expect(lines).toHaveLength(json.rows.length + 1);
    const staff = json.rows.find((r) => r.userId === ids.staff) as StaffActivityRow;
    expect(lines).toContain([staff.userId, staff.name, staff.email, 'staff', 2, 19.75, 197, 1, 1, 1].join(','));
  });

  it('owners and admins only; bad dates answer 400 at the field', async () => {
    expect((await report(`?from=${today}&to=${today}`, b.staff)).statusCode).toBe(403);
    const csv = await app.inject({
      url: `/api/tenants/reports/staff-activity.csv?from=${today}&to=${today}`,
      headers: bearer(b.staff),
    });
    expect(csv.statusCode).toBe(403);
    expect((await report(`?from=${today}&to=${today}`, b.admin)).statusCode).toBe(200);

    const missing = await report('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ from: 'Use a date such as 2026-01-31' });
    const bad = await report(`?from=2026-02-30&to=${today}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ from: 'Use a date such as 2026-01-31' });
    const backwards = await report('?from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ to: 'The last day cannot be before the first day' });
    const long = await report('?from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ to: 'At most 366 days at a time' });
    expect((await report('?from=2024-01-01&to=2024-12-31')).statusCode).toBe(200);
  });

  it('counts whole days in the business’s time zone', async () => {
    const hk = await business(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/business',
      headers: bearer(hk.owner),
      payload: { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const [owner] = await app.database.db
      .select({ accountId: tenantUsers.accountId })
      .from(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, hk.tenantId), eq(tenantUsers.role, 'owner')));
    const memberId = await addMember(app, hk.owner, { firstName: 'Ken', lastName: 'Lau' });
    // 10 March in Hong Kong (UTC+8) runs from 9 March 16:00 to 10 March 16:00 UTC.
    const at = [
      ['2026-03-09T15:59:59Z', 1],
      ['2026-03-09T16:00:00Z', 2],
      ['2026-03-10T15:59:59Z', 4],
      ['2026-03-10T16:00:00Z', 8],
    ] as const;
    for (const [instant, points] of at)
      await app.database.db.insert(pointsLedger).values({
        id: randomUUID(),
        tenantId: hk.tenantId,
        memberId,
        type: 'PURCHASE',
        points,
        amount: String(points),
        accountId: owner?.accountId,
        createdAt: new Date(instant),
      });
    const res = await app.inject({
      url: '/api/tenants/reports/staff-activity?from=2026-03-10&to=2026-03-10',
      headers: bearer(hk.owner),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as StaffActivity;
    expect(body.timeZone).toBe('Asia/Hong_Kong');
    expect(rowOf(body, owner?.accountId as string)).toMatchObject({ purchases: 2, amount: 6, points: 6 });
  });

  it('keeps the row of someone who has left the team', async () => {
    await app.database.db
      .delete(tenantUsers)
      .where(and(eq(tenantUsers.tenantId, b.tenantId), eq(tenantUsers.accountId, ids.admin)));
    const body = (await report(`?from=${today}&to=${today}`)).json() as StaffActivity;
    expect(rowOf(body, ids.admin)).toMatchObject({ role: null, purchases: 1, points: 105 });
  });
});
