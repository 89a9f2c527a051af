import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signInWithPhone, uniquePhone } from '../../../test/helpers';
import { csvRecords, filesApi, importTestApp } from '../../../test/support/member-files';
import { business, insertSettings, membersApi } from '../../../test/support/members';
import { auditEvents, members } from '../../db/schema';

/** Birthdays as month and day only (docs/design.md §10): the member dialog, PUT member, the join page, the CSV. */
describe('birthdays', () => {
  let app: FastifyInstance;
  let biz: Awaited<ReturnType<typeof business>>;
  beforeAll(async () => {
    app = await importTestApp();
    biz = await business(app);
    await insertSettings(app, biz.tenantId);
  }, 60_000);
  afterAll(() => app?.close());

  const detail = (id: string) => app.inject({ url: `/api/tenants/member/${id}`, headers: bearer(biz.admin) });

  it('is given on the dialog, kept by a PUT without it, cleared by null, refused at the field when not a day', async () => {
    const api = membersApi(app);
    const made = await api.create(biz.admin, { firstName: 'Ada', lastName: 'Lam', birthday: '--02-29' });
    expect(made.statusCode).toBe(201);
    const id = made.json().userId as string;
    expect(made.json().birthday).toBe('--02-29');
    const kept = await api.update(biz.admin, id, { firstName: 'Ada', lastName: 'Lam', status: 'active' });
    expect(kept.statusCode).toBe(200);
    expect((await detail(id)).json().birthday).toBe('--02-29');
    await api.update(biz.admin, id, { firstName: 'Ada', lastName: 'Lam', status: 'active', birthday: '--12-31' });
    expect((await detail(id)).json().birthday).toBe('--12-31');
    await api.update(biz.admin, id, { firstName: 'Ada', lastName: 'Lam', status: 'active', birthday: null });
    expect((await detail(id)).json().birthday).toBeNull();
    for (const bad of ['1990-04-31', '--13-01', '--04-31', '04-23', 'soon']) {
      const res = await api.update(biz.admin, id, {
        firstName: 'Ada',
        lastName: 'Lam',
        status: 'active',
        birthday: bad,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.birthday).toBe('Use month and day, such as --04-23');
    }
  });

  it('is sealed in the audit like the name, readable until the member is erased, and in the privacy export', async () => {
    const api = membersApi(app);
    const made = await api.create(biz.admin, { firstName: 'Bo', lastName: 'Ng', birthday: '--06-15' });
    const id = made.json().userId as string;
    const stored = await app.database.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.tenantId, biz.tenantId), eq(auditEvents.targetId, id)));
    const raw = JSON.stringify(stored);
    expect(raw).not.toContain('--06-15');
    expect(raw).toContain('sealed:v1:');
    const trail = await app.inject({
      url: '/api/tenants/audit?action=member.create&size=50',
      headers: bearer(biz.admin),
    });
    const event = trail.json().content.find((e: { targetId: string }) => e.targetId === id);
    expect(event.changes.birthday.after).toBe('--06-15');
    const exported = await app.inject({ url: `/api/tenants/member/${id}/export`, headers: bearer(biz.admin) });
    expect(exported.json().member.birthday).toBe('--06-15');

    expect((await api.remove(biz.admin, id)).statusCode).toBe(204);
    const after = await app.inject({
      url: '/api/tenants/audit?action=member.create&size=50',
      headers: bearer(biz.admin),
    });
    const erased = after.json().content.find((e: { targetId: string }) => e.targetId === id);
    expect(erased.changes.birthday.after).toBe('[erased]');
    expect(await app.database.db.select().from(members).where(eq(members.id, id))).toEqual([]);
  });

  it('is asked on the join page, optional', async () => {
    const slug = `bday-${Date.now().toString(36)}`;
    const put = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(biz.admin),
      payload: { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(put.statusCode).toBe(200);
    const phone = uniquePhone();
    const token = await signInWithPhone(phone);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(token),
      payload: { firstName: 'Cy', lastName: 'Ho', marketingOptIn: false, birthday: '--03-08' },
    });
    expect(joined.statusCode).toBe(201);
    const [row] = await app.database.db
      .select({ birthday: members.birthday })
      .from(members)
      .where(and(eq(members.tenantId, biz.tenantId), eq(members.phone, phone)));
    expect(row?.birthday).toBe('--03-08');
    const bad = await app.inject({
      method: 'POST',
      url: `/api/public/join/${slug}`,
      headers: bearer(await signInWithPhone(uniquePhone())),
      payload: { firstName: 'Cy', lastName: 'Ho', birthday: '31/02' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.birthday).toBeDefined();
  });

  it('imports as MM-DD, --MM-DD or YYYY-MM-DD keeping month and day, and exports as MM-DD', async () => {
    const files = filesApi(app);
    const tag = Date.now().toString(36);
    const csv = [
      'First name,Last name,Email,Birthday',
      `Dee,One,dee1.${tag}@example.test,04-23`,
      `Dee,Two,dee2.${tag}@example.test,1990-12-01`,
      `Dee,Three,dee3.${tag}@example.test,--02-29`,
      `Dee,Four,dee4.${tag}@example.test,`,
      `Dee,Five,dee5.${tag}@example.test,1990-02-30`,
    ].join('\n');
    const status = await files.importAndWait(biz.admin, csv, {
      'First name': 'firstName',
      'Last name': 'lastName',
      Email: 'email',
      Birthday: 'birthday',
    });
    expect(status.created).toBe(4);
    expect(status.errors).toEqual([
      { row: 6, field: 'birthday', message: 'Use a birthday such as 04-23, --04-23 or 1990-04-23' },
    ]);
    const out = await files.exportMembers(biz.admin, `?search=${tag}`);
    const [header, ...rows] = csvRecords(out.body);
    const at = (header as string[]).indexOf('Birthday');
    expect(at).toBeGreaterThan(0);
    const byLast = Object.fromEntries(rows.map((r: string[]) => [r[1], r[at]]));
    expect(byLast).toEqual({ One: '04-23', Two: '12-01', Three: '02-29', Four: '' });
    // Imported again without the column, or with it empty, the birthdays stay.
    await files.importAndWait(biz.admin, `First name,Last name,Email,Birthday\nDee,One,dee1.${tag}@example.test,\n`, {
      'First name': 'firstName',
      'Last name': 'lastName',
      Email: 'email',
      Birthday: 'birthday',
    });
    const again = csvRecords((await files.exportMembers(biz.admin, `?search=dee1.${tag}`)).body);
    expect(again[1]?.[at]).toBe('04-23');
  }, 60_000);
});
