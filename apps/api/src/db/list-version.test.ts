import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { writeEpoch } from './client';
import { forgetInFlightVersions, readListVersion } from './list-version';
import { members, membershipTiers, tenants } from './schema';

/** The list version the cached members and tiers pages are checked against (migration 0004). */
describe('list version', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function newTenant() {
    const id = randomUUID();
    await app.database.db
      .insert(tenants)
      .values({ id, businessName: 'Versioned', industry: 'Retail', status: 'ACTIVE' });
    return id;
  }

  it('every tenant starts with a row, and each change to its members or tiers moves the version', async () => {
    const { db } = app.database;
    const tenantId = await newTenant();
    const steps: number[] = [(await readListVersion(db, tenantId)).version];
    const step = async () => steps.push((await readListVersion(db, tenantId)).version);
    const memberId = randomUUID();
    await db.insert(members).values({
      id: memberId,
      tenantId,
      firstName: 'Mia',
      lastName: 'Chen',
      phone: '+85290000001',
      membershipCode: 'M000001',
    });
    await step();
    await db.update(members).set({ pointsBalance: 10 }).where(eq(members.id, memberId));
    await step();
    const tierId = randomUUID();
    await db.insert(membershipTiers).values({ id: tierId, tenantId, name: 'Gold', color: '#ffd700', sortOrder: 0 });
    await step();
    await db.update(membershipTiers).set({ name: 'Platinum' }).where(eq(membershipTiers.id, tierId));
    await step();
    await db.delete(members).where(eq(members.id, memberId));
    await step();
    expect(steps[0]).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1] as number);
    expect((await readListVersion(db, tenantId)).members).toBe(0);
  });

  it('reads that overlap share one round trip, and a write through this instance ends the sharing', async () => {
    const { db } = app.database;
    const tenantId = await newTenant();
    const first = readListVersion(db, tenantId);
    expect(readListVersion(db, tenantId)).toBe(first);
    forgetInFlightVersions(db);
    const afterWrite = readListVersion(db, tenantId);
    expect(afterWrite).not.toBe(first);
    await Promise.all([first, afterWrite]);
    if (writeEpoch(db) === undefined) {
      // PostgreSQL: other processes may write, so a finished read is never reused.
      expect(readListVersion(db, tenantId)).not.toBe(afterWrite);
    } else {
      // Embedded PGlite: this process is the only writer; until it writes, the last read holds.
      expect(readListVersion(db, tenantId)).toBe(afterWrite);
      await db.update(tenants).set({ businessName: 'Renamed' }).where(eq(tenants.id, tenantId));
      expect(readListVersion(db, tenantId)).not.toBe(afterWrite);
    }
  });
});
