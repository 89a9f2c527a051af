import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { business, membersApi } from '../../../test/support/members';
import { members } from '../../db/schema';
import { ANCHOR_STEP } from './page-anchors';
import { listMembers } from './repository';

/** Deep pages of the members list start from page anchors; they must be exactly the pages OFFSET gives. */
describe('members list: pages from anchors', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('every deep page equals the plain OFFSET page, ties on created_at included, before and after members come and go', async () => {
    const b = await business(app);
    const api = membersApi(app);
    const { db } = app.database;
    const n = 2 * ANCHOR_STEP + 345;
    // Groups of three share a created_at to the microsecond, so the id decides their order.
    await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, created_at)
      select gen_random_uuid()::text, ${b.tenantId}, 'First' || i, 'Last', '+852' || (50000000 + i), 'M' || lpad(i::text, 6, '0'),
        timestamptz '2025-01-01 00:00:00.123456+00' + (i / 3) * interval '1.000001 second'
      from generate_series(1, ${n}) i`);
    const size = 20;
    // Either side of the first two anchors after the start, and the last page.
    const step = ANCHOR_STEP / size;
    const pages = [0, step - 1, step, step + 1, 2 * step - 1, 2 * step, 2 * step + 1, Math.floor((n - 1) / size)];
    const compare = async () => {
      for (const page of pages) {
        const res = await api.list(b.staff, `?page=${page}&size=${size}`);
        expect(res.statusCode).toBe(200);
        const viaOffset = await listMembers(db, b.tenantId, { page, size });
        const ids = res.json().content.map((m: { userId: string }) => m.userId);
        expect(ids, `page ${page}`).toEqual(viaOffset.rows.map((m) => m.userId));
        expect(ids.length, `page ${page}`).toBeGreaterThan(0);
      }
    };
    await compare();
    // Members removed near the front and added at the end move every position: the anchors must follow.
    const [newest] = await listMembers(db, b.tenantId, { page: 0, size: 1 }).then((r) => r.rows);
    await db.delete(members).where(eq(members.id, newest?.userId as string));
    await db.insert(members).values({
      id: randomUUID(),
      tenantId: b.tenantId,
      firstName: 'Oldest',
      lastName: 'Member',
      phone: '+85259999999',
      membershipCode: 'M999999',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    await compare();
  });
});
