import type { RegistrationBody } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
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
