import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tenantUsers } from '../../src/db/schema';
import { bearer, signUp } from '../helpers';
import { addTeamUser } from '../onboarding-helpers';

/** A branch body: Central, Hong Kong, with its texts in three languages; overridable. */
export const branchBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Central',
  nameZh: '中環',
  nameCn: '中环',
  address: '1 Queen’s Road Central',
  phone: '+852 2812 3456',
  latitude: 22.28,
  longitude: 114.15,
  relevantText: 'Your card works here',
  relevantTextZh: '此店可用會員卡',
  relevantTextCn: '此店可用会员卡',
  ...overrides,
});

export function branchesApi(app: FastifyInstance) {
  return {
    list: (token: string) => app.inject({ url: '/api/tenants/branches', headers: bearer(token) }),
    get: (token: string, id: string) => app.inject({ url: `/api/tenants/branches/${id}`, headers: bearer(token) }),
    create: (token: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/tenants/branches', headers: bearer(token), payload }),
    update: (token: string, id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tenants/branches/${id}`, headers: bearer(token), payload }),
    remove: (token: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/branches/${id}`, headers: bearer(token) }),
  };
}

/** Creates a branch as `token` (an admin or owner); answers its id. */
export async function addBranch(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const res = await branchesApi(app).create(token, branchBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create branch: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** An active staff user of the business bound to `branchIds` (empty: every branch); answers its token. */
export async function staffAt(app: FastifyInstance, tenantId: string, branchIds: string[]) {
  const user = await signUp();
  const accountId = await addTeamUser(app, tenantId, user, 'staff', 'ACTIVE');
  await app.database.db
    .update(tenantUsers)
    .set({ branchIds })
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId)));
  return { token: user.idToken, accountId };
}
