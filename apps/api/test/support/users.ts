import { randomUUID } from 'node:crypto';
import type { TenantUser } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accounts, tenantUsers } from '../../src/db/schema';
import { bearer, linkPhone, rest, signIn, uniquePhone } from '../helpers';

export const newEmail = (tag = 'team') => `${tag}-${randomUUID()}@example.test`;

export function createBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    email: newEmail(),
    phone: uniquePhone(),
    role: 'STAFF',
    password: 'team-pass-123',
    ...overrides,
  };
}

/** The update body that keeps a row as it is (ACTIVE unless told). */
export function sameBody(row: TenantUser, overrides: Record<string, unknown> = {}) {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    role: row.role === 'admin' ? 'ADMIN' : 'STAFF',
    status: row.status === 'INACTIVE' ? 'INACTIVE' : 'ACTIVE',
    ...overrides,
  };
}

export function usersApi(app: FastifyInstance) {
  const api = {
    list: (token: string, query = '') => app.inject({ url: `/api/tenants/users${query}`, headers: bearer(token) }),
    create: (token: string, payload: unknown) =>
      app.inject({ method: 'POST', url: '/api/tenants/users', headers: bearer(token), payload: payload as object }),
    update: (token: string, userId: string, payload: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/tenants/users/${userId}`,
        headers: bearer(token),
        payload: payload as object,
      }),
    remove: (token: string, userId: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/users/${userId}/permanent`, headers: bearer(token) }),
    /** The stored row of an account in a tenant, straight from the database. */
    async stored(tenantId: string, accountId: string) {
      const [row] = await app.database.db
        .select({
          role: tenantUsers.role,
          status: tenantUsers.status,
          email: accounts.email,
          phone: accounts.phone,
          firstName: accounts.firstName,
        })
        .from(tenantUsers)
        .innerJoin(accounts, eq(accounts.id, tenantUsers.accountId))
        .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId)));
      return row;
    },
    async accountExists(accountId: string) {
      const rows = await app.database.db.select().from(accounts).where(eq(accounts.id, accountId));
      return rows.length > 0;
    },
    async firebaseUser(email: string) {
      try {
        return await app.firebase.auth.getUserByEmail(email);
      } catch {
        return undefined;
      }
    },
    /**
     * A team user created through the API, signed in with the password the admin gave, phone verified by SMS
     * and activated through the verify flow: an ACTIVE user with a fresh token.
     */
    async activeTeamUser(adminToken: string, role: 'ADMIN' | 'STAFF' = 'STAFF') {
      const body = createBody({ role });
      const res = await api.create(adminToken, body);
      if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
      const row = res.json() as TenantUser;
      const token = await linkPhone(await signIn(body.email, body.password), uniquePhone());
      const activated = await app.inject({
        method: 'POST',
        url: '/api/onboarding/activate',
        headers: bearer(token),
        payload: { tenantId: row.tenantId },
      });
      if (activated.statusCode !== 200) throw new Error(`activate: ${activated.statusCode} ${activated.body}`);
      return { row: { ...row, status: 'ACTIVE' as const }, token, body };
    },
  };
  return api;
}

/** Signs in through the emulator's REST API; the status code says whether the password was accepted. */
export async function passwordAccepted(email: string, password: string): Promise<boolean> {
  const res = await fetch(rest('accounts:signInWithPassword'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return res.ok;
}
