import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engine } from '../../test/helpers';
import { writeEpoch } from './client';
import { forgetInFlightVersions, readListVersion } from './list-version';
import { listVersionShards, members, membershipTiers, tenants } from './schema';

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

  async function twoMembers(tenantId: string) {
    const ids = [randomUUID(), randomUUID()] as const;
    await app.database.db.insert(members).values(
      ids.map((id, i) => ({
        id,
        tenantId,
        firstName: 'Kai',
        lastName: `Lam ${i}`,
        phone: `+8529000001${i}`,
        membershipCode: `M00000${i + 1}`,
      })),
    );
    return ids;
  }
  const version = async (tenantId: string) => {
    forgetInFlightVersions(app.database.db);
    return (await readListVersion(app.database.db, tenantId)).version;
  };

  it('moves once per transaction, however many members and lots it changes (migration 0014)', async () => {
    const { db } = app.database;
    const tenantId = await newTenant();
    const [a, b] = await twoMembers(tenantId);
    const before = await version(tenantId);
    await db.transaction(async (tx) => {
      await tx.update(members).set({ pointsBalance: 5 }).where(eq(members.id, a));
      await tx.update(members).set({ pointsBalance: 6 }).where(eq(members.id, b));
    });
    expect(await version(tenantId)).toBe(before + 1);
    await db.update(members).set({ pointsBalance: 7 }).where(eq(members.tenantId, tenantId));
    expect(await version(tenantId)).toBe(before + 2);
  });

  // PGlite has one connection: only PostgreSQL can hold two transactions open at once.
  it.skipIf(engine !== 'postgres')(
    'writes to two members of one tenant do not wait for each other: the version row is locked at commit only',
    async () => {
      const { db } = app.database;
      const tenantId = await newTenant();
      const [a, b] = await twoMembers(tenantId);
      const before = await version(tenantId);
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let updated = () => {};
      const firstUpdated = new Promise<void>((resolve) => {
        updated = resolve;
      });
      const first = db.transaction(async (tx) => {
        await tx.update(members).set({ pointsBalance: 1 }).where(eq(members.id, a));
        updated();
        await held;
      });
      await firstUpdated;
      // Before 0014 this waited for the first transaction's commit (and so for ever here).
      await db.transaction(async (tx) => {
        await tx.update(members).set({ pointsBalance: 2 }).where(eq(members.id, b));
      });
      expect(await version(tenantId)).toBe(before + 1);
      release();
      await first;
      expect(await version(tenantId)).toBe(before + 2);
    },
  );

  // Migration 0019: each transaction moves one of 16 rows; the version is their sum, so it counts every commit.
  it('concurrent writes to one tenant each move the version once, and a deleted tenant leaves no version rows', async () => {
    const { db } = app.database;
    const tenantId = await newTenant();
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await db.insert(members).values(
      ids.map((id, i) => ({
        id,
        tenantId,
        firstName: 'Ana',
        lastName: `Wu ${i}`,
        phone: `+852910000${String(i).padStart(2, '0')}`,
        membershipCode: `M1${String(i).padStart(5, '0')}`,
      })),
    );
    const before = await version(tenantId);
    await Promise.all(
      ids.map((id, i) =>
        db.transaction(async (tx) => {
          await tx.update(members).set({ pointsBalance: i }).where(eq(members.id, id));
        }),
      ),
    );
    expect(await version(tenantId)).toBe(before + ids.length);
    const shards = await db.select().from(listVersionShards).where(eq(listVersionShards.tenantId, tenantId));
    expect(shards.length).toBeGreaterThan(1);
    expect(shards.length).toBeLessThanOrEqual(16);
    expect(shards.reduce((sum, s) => sum + s.version, 0)).toBe(ids.length);
    // Another tenant's writes leave this tenant's version where it is (its cached pages stay valid).
    const other = await newTenant();
    const [c] = await twoMembers(other);
    const otherBefore = await version(other);
    await db.update(members).set({ pointsBalance: 3 }).where(eq(members.id, c));
    expect(await version(other)).toBe(otherBefore + 1);
    expect(await version(tenantId)).toBe(before + ids.length);
    await db.delete(tenants).where(eq(tenants.id, tenantId));
    expect(await db.select().from(listVersionShards).where(eq(listVersionShards.tenantId, tenantId))).toEqual([]);
  });
});
