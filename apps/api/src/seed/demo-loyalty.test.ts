import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../test/helpers';
import { activeOwner } from '../../test/onboarding-helpers';
import { members, pointsLedger } from '../db/schema';
import { seedDemoLoyalty } from './demo-loyalty';

describe('demo loyalty data', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('writes three tiers, settings and 200 members whose balances equal their ledgers, quickly', async () => {
    const owner = await activeOwner(app);
    const started = Date.now();
    await seedDemoLoyalty(app.database.db, owner.tenantId);
    expect(Date.now() - started).toBeLessThan(10_000);
    const list = (await app.inject({ url: '/api/tenants/member?size=5', headers: bearer(owner.token) })).json();
    expect(list.totalElements).toBe(200);
    const mismatched = await app.database.db
      .select({ id: members.id })
      .from(members)
      .where(
        sql`${members.tenantId} = ${owner.tenantId} and ${members.pointsBalance} <> coalesce((select sum(${pointsLedger.points}) from ${pointsLedger} where ${pointsLedger.memberId} = ${members.id}), 0)`,
      );
    expect(mismatched).toEqual([]);
    const dashboard = (await app.inject({ url: '/api/dashboard', headers: bearer(owner.token) })).json();
    expect(dashboard.members.total).toBe(200);
    expect(dashboard.tierMix.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['Basic', 'Silver']));
    expect(dashboard.pointsOutstanding).toBeGreaterThan(0);
    // The next member gets the next code: codes continue after the seeded ones.
    const created = await app.inject({
      method: 'POST',
      url: '/api/tenants/member',
      headers: bearer(owner.token),
      payload: { firstName: 'New', lastName: 'Member' },
    });
    expect(created.json().membershipCode).toBe('M000201');
    const [n] = await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.tenantId, owner.tenantId));
    expect(n?.n).toBeGreaterThan(200);
  });
});
