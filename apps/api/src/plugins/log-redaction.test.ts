import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, testConfig } from '../../test/helpers';
import { activeOwner, type RegisteredOwner } from '../../test/onboarding-helpers';
import { buildApp } from '../app';
import { createDatabase } from '../db/client';

/** Logs never carry query parameters, tokens or e-mail addresses, and hostile text is a 400, never a 500. */
describe('input hygiene and log redaction', () => {
  let app: FastifyInstance;
  let owner: RegisteredOwner;
  const lines: string[] = [];
  beforeAll(async () => {
    // An in-memory database of its own: one test breaks its schema on purpose.
    const database = createDatabase({ dataDir: ':memory:' });
    await database.migrate();
    app = await buildApp(testConfig({ LOG_LEVEL: 'info' }), { database, logStream: { write: (l) => lines.push(l) } });
    app.addHook('onClose', () => database.close());
    owner = await activeOwner(app);
  });
  afterAll(() => app.close());

  it('refuses a NUL or other control character in a text field with 400 on the field', async () => {
    const names = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(owner.token),
      payload: { first_name: 'Gr\u0000ace', last_name: 'Hop\u0007per' },
    });
    expect(names.statusCode).toBe(400);
    expect(names.json().errors).toEqual({
      first_name: 'Contains characters that are not allowed',
      last_name: 'Contains characters that are not allowed',
    });
    const activate = await app.inject({
      method: 'POST',
      url: '/api/onboarding/activate',
      headers: bearer(owner.token),
      payload: { tenantId: 'a\u0000b' },
    });
    expect(activate.statusCode).toBe(400);
    expect(activate.json().errors).toEqual({ tenantId: 'Invalid tenant' });
  });

  it('logs a failed query without its SQL parameters, the token or e-mail addresses', async () => {
    const filter = `?filter=${encodeURIComponent(owner.user.email)}`;
    await app.inject({ url: `/api/users/me${filter}`, headers: bearer(owner.token) });
    // Break the table under the route: the next update fails inside the database driver.
    await app.database.db.execute(sql`alter table accounts rename column first_name to first_name_gone`);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(owner.token),
      payload: { first_name: 'Zebediah', last_name: 'Quux' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, error: 'INTERNAL', message: 'Internal server error' });
    await app.database.db.execute(sql`alter table accounts rename column first_name_gone to first_name`);
    const log = lines.join('');
    expect(log).toContain('database query failed');
    expect(log).not.toContain('Zebediah');
    expect(log).not.toContain(owner.user.email);
    expect(log).not.toContain(owner.token);
    expect(log).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
  });
});
