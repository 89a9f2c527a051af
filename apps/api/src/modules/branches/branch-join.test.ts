import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { addBranch } from '../../../test/support/branches';
import { business, insertSettings } from '../../../test/support/members';
import { members } from '../../db/schema';
import { posterJoinUrl } from '../enrolment/poster';

/** A branch's poster, and joining by it (docs/design.md §10). */
describe('branches: posters and the home branch of a join', () => {
  let app: FastifyInstance;
  let b: Awaited<ReturnType<typeof business>>;
  let slug: string;
  let central: string;
  let closed: string;

  const join = async (homeBranchId?: string) => {
    const phone = uniquePhone();
    const token = await signInWithPhone(phone);
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Mei', lastName: 'Wong', ...(homeBranchId ? { homeBranchId } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.database.db
      .select({ homeBranchId: members.homeBranchId })
      .from(members)
      .where(and(eq(members.tenantId, b.tenantId), eq(members.phone, phone)));
    return row?.homeBranchId;
  };

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
    await insertSettings(app, b.tenantId);
    slug = `shop-${randomUUID().slice(0, 8)}`;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(b.owner),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, allowedCountries: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    central = await addBranch(app, b.owner, { name: 'Central' });
    closed = await addBranch(app, b.owner, { name: 'Closed', active: false });
  });
  afterAll(() => app.close());

  it('prints a branch’s poster with its join link; another business’s branch is not found', async () => {
    expect(posterJoinUrl('https://x.test/join/shop', 'b-1')).toBe('https://x.test/join/shop?branch=b-1');
    expect(posterJoinUrl('https://x.test/join/shop')).toBe('https://x.test/join/shop');
    const png = await app.inject({
      url: `/api/tenants/enrolment/poster.png?branch=${central}`,
      headers: bearer(b.owner),
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const pdf = await app.inject({
      url: `/api/tenants/enrolment/poster.pdf?branch=${central}`,
      headers: bearer(b.admin),
    });
    expect(pdf.statusCode).toBe(200);
    const other = await business(app);
    const theirs = await addBranch(app, other.owner);
    const foreign = await app.inject({
      url: `/api/tenants/enrolment/poster.png?branch=${theirs}`,
      headers: bearer(b.owner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('a join by a branch’s poster sets the home branch; an unknown or inactive branch is ignored', async () => {
    expect(await join(central)).toBe(central);
    expect(await join(closed)).toBeNull();
    expect(await join(randomUUID())).toBeNull();
    expect(await join('not a valid id!')).toBeNull();
    expect(await join()).toBeNull();
  });
});
