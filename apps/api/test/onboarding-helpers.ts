import { randomUUID } from 'node:crypto';
import type { RegistrationBody } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { accounts, tenantUsers } from '../src/db/schema';
import { bearer, linkPhone, signUp, type TestUser, uniquePhone } from './helpers';

export function registrationBody(user: Pick<TestUser, 'email'>, overrides: Partial<RegistrationBody> = {}) {
  return {
    businessName: 'Blue Bottle Bakery',
    industry: 'Retail & E-commerce',
    email: user.email,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: uniquePhone(),
    ...overrides,
  } satisfies RegistrationBody;
}

export type RegisteredOwner = { user: TestUser; token: string; tenantId: string; userId: string; phone: string };

/** Signs up a Firebase user and registers a business through the API; the tenant is still pending. */
export async function registerOwner(app: FastifyInstance): Promise<RegisteredOwner> {
  const user = await signUp();
  const body = registrationBody(user);
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/register',
    headers: bearer(user.idToken),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const { tenantId, userId } = res.json() as { tenantId: string; userId: string };
  return { user, token: user.idToken, tenantId, userId, phone: body.phone };
}

/** Registers, verifies a phone in the emulator and activates through the API: a ready owner. */
export async function activeOwner(app: FastifyInstance): Promise<RegisteredOwner> {
  const owner = await registerOwner(app);
  const phone = uniquePhone();
  const token = await linkPhone(owner.user.idToken, phone);
  const res = await app.inject({
    method: 'POST',
    url: '/api/onboarding/activate',
    headers: bearer(token),
    payload: { tenantId: owner.tenantId },
  });
  if (res.statusCode !== 200) throw new Error(`activate: ${res.statusCode} ${res.body}`);
  return { ...owner, token, phone };
}

/** Puts an account for user into tenantId with the given role and status, as team-user creation will. */
export async function addTeamUser(
  app: FastifyInstance,
  tenantId: string,
  user: TestUser,
  role: 'admin' | 'staff',
  status: 'PENDING_VERIFICATION' | 'ACTIVE' | 'INACTIVE' = 'PENDING_VERIFICATION',
): Promise<string> {
  const accountId = randomUUID();
  await app.database.db
    .insert(accounts)
    .values({ id: accountId, firebaseUid: user.uid, email: user.email, firstName: 'Team', lastName: 'User' });
  await app.database.db.insert(tenantUsers).values({ id: randomUUID(), tenantId, accountId, role, status });
  return accountId;
}
