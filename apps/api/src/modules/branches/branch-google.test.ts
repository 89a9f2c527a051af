import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine } from '../../../test/helpers';
import { addBranch, branchBody, branchesApi } from '../../../test/support/branches';
import { googleIssuer, TEST_ISSUER_ID } from '../../../test/support/google-wallet';
import type { GoogleStandIn } from '../../../test/support/google-wallet-stand-in';
import { addMember, business, insertSettings } from '../../../test/support/members';
import { eventually } from '../../../test/support/wallet';
import { googleWalletClasses } from '../../db/schema';
import { MERCHANT_LOCATIONS_REFUSED } from '../wallet/google/sync';

/** The Google class carries the branches' places, and goes without them when Google refuses (docs/design.md §10). */
describe('branches on the Google class', () => {
  let app: FastifyInstance;
  let google: GoogleStandIn;
  let b: Awaited<ReturnType<typeof business>>;
  const classId = () => `${TEST_ISSUER_ID}.${b.tenantId}`;
  type Klass = { merchantLocations?: { latitude: number; longitude: number }[]; programName?: string };
  const klass = () => google.classes.get(classId()) as Klass | undefined;

  beforeAll(async () => {
    const issuer = await googleIssuer();
    google = issuer.standIn;
    app = await buildTestApp({
      ...issuer.env,
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.jobs.start();
    b = await business(app);
    await insertSettings(app, b.tenantId);
    // A member's save link makes the class: from then on a change of what every card shows updates it.
    const memberId = await addMember(app, b.owner, { firstName: 'Ada', lastName: 'Lee' });
    const link = await app.inject({ url: `/api/tenants/member/${memberId}/passes/google`, headers: bearer(b.staff) });
    expect(link.statusCode, link.body).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await google?.close();
  });

  it('a branch change updates the class with the first 10 located branches, coordinates only', async () => {
    for (let i = 0; i < 11; i++)
      await addBranch(app, b.owner, { name: `Shop ${i}`, latitude: 22 + i / 100, longitude: 114 });
    await addBranch(app, b.owner, { name: 'Nowhere', latitude: null, longitude: null });
    expect(await eventually(() => (klass()?.merchantLocations?.length ?? 0) === 10)).toBe(true);
    expect(klass()?.merchantLocations?.[0]).toEqual({ latitude: 22, longitude: 114 });
  }, 60_000);

  it('when Google refuses them, the class goes through without them and the wallet status says so', async () => {
    google.state.refuseMerchantLocations = true;
    const id = await addBranch(app, b.owner, { name: 'Late', latitude: 23, longitude: 115 });
    const stored = async () =>
      (await app.database.db.select().from(googleWalletClasses).where(eq(googleWalletClasses.tenantId, b.tenantId)))[0];
    expect(await eventually(async () => (await stored())?.lastError === MERCHANT_LOCATIONS_REFUSED)).toBe(true);
    expect(klass()?.merchantLocations).toBeUndefined();
    expect((await stored())?.syncedAt).not.toBeNull();
    google.state.refuseMerchantLocations = false;
    await branchesApi(app).update(b.owner, id, branchBody({ name: 'Late 2', latitude: 23, longitude: 115 }));
    expect(await eventually(() => (klass()?.merchantLocations?.length ?? 0) === 10)).toBe(true);
  }, 60_000);
});
