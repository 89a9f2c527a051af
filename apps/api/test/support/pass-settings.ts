import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../src/db/schema';
import { bearer, signUp } from '../helpers';
import { activeOwner, addTeamUser } from '../onboarding-helpers';

/** An uploads row of the tenant, as the upload call leaves it: the URL is then one of this tenant's own. */
export async function ownUpload(app: FastifyInstance, tenantId: string): Promise<string> {
  const storageKey = `${tenantId}/${randomUUID()}.png`;
  await app.database.db
    .insert(uploads)
    .values({ id: randomUUID(), tenantId, storageKey, contentType: 'image/png', sizeBytes: 68 });
  return `/files/${storageKey}`;
}

/** An active owner plus an active admin and an active staff user of the same business. */
export async function business(app: FastifyInstance) {
  const owner = await activeOwner(app);
  const admin = await signUp();
  await addTeamUser(app, owner.tenantId, admin, 'admin', 'ACTIVE');
  const staff = await signUp();
  await addTeamUser(app, owner.tenantId, staff, 'staff', 'ACTIVE');
  return { tenantId: owner.tenantId, owner: owner.token, admin: admin.idToken, staff: staff.idToken };
}

export function settingsApi(app: FastifyInstance, url: string, method: 'PUT' | 'POST') {
  return {
    get: (token: string) => app.inject({ url, headers: bearer(token) }),
    save: (token: string, payload: unknown) =>
      app.inject({ method, url, headers: bearer(token), payload: payload as object }),
  };
}
