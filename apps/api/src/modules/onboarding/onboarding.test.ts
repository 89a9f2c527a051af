import { randomUUID } from 'node:crypto';
import { REGISTRATION_MESSAGES } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, deleteFirebaseUser, signUp, uniquePhone } from '../../../test/helpers';
import { registerOwner, registrationBody } from '../../../test/onboarding-helpers';
import { accounts, tenants, tenantUsers } from '../../db/schema';

describe('onboarding', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const post = (url: string, token: string | undefined, payload: unknown) =>
    app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload: payload as object });
  const register = (token: string | undefined, payload: unknown) => post('/api/onboarding/register', token, payload);

  const accountOf = async (uid: string) => app.database.db.select().from(accounts).where(eq(accounts.firebaseUid, uid));
  const tenantsNamed = async (businessName: string) =>
    app.database.db.select().from(tenants).where(eq(tenants.businessName, businessName));

  describe('POST /api/onboarding/register', () => {
    it('creates a pending tenant, the account and a pending owner row', async () => {
      const user = await signUp();
      const body = registrationBody(user, { businessName: `Bakery ${randomUUID()}` });
      const res = await register(user.idToken, body);
      expect(res.statusCode).toBe(200);
      const { tenantId, userId } = res.json();
      expect(Object.keys(res.json()).sort()).toEqual(['tenantId', 'userId']);

      const [tenant] = await app.database.db.select().from(tenants).where(eq(tenants.id, tenantId));
      expect(tenant).toMatchObject({ businessName: body.businessName, industry: body.industry });
      expect(tenant?.status).toBe('PENDING_VERIFICATION');
      const [account] = await accountOf(user.uid);
      expect(account).toMatchObject({ id: userId, email: user.email, firstName: 'Ada', lastName: 'Lovelace' });
      expect(account?.phone).toBe(body.phone);
      const rows = await app.database.db.select().from(tenantUsers).where(eq(tenantUsers.tenantId, tenantId));
      expect(rows).toEqual([
        expect.objectContaining({ accountId: userId, role: 'owner', status: 'PENDING_VERIFICATION' }),
      ]);
    });

    it('answers 400 naming every bad field with the form’s messages, and stores nothing', async () => {
      const user = await signUp();
      const res = await register(user.idToken, {
        businessName: '   ',
        industry: 'Piracy',
        email: 'not-an-email',
        firstName: '',
        lastName: '',
        phone: '12345',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
      expect(res.json().errors).toEqual({
        businessName: REGISTRATION_MESSAGES.businessName,
        industry: REGISTRATION_MESSAGES.industry,
        email: REGISTRATION_MESSAGES.email,
        firstName: REGISTRATION_MESSAGES.firstName,
        lastName: REGISTRATION_MESSAGES.lastName,
        phone: REGISTRATION_MESSAGES.phoneFormat,
      });
      expect(await accountOf(user.uid)).toEqual([]);
    });

    it('answers 400 naming every missing field, with the required-phone message', async () => {
      const user = await signUp();
      const res = await register(user.idToken, {});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject({
        businessName: REGISTRATION_MESSAGES.businessName,
        industry: REGISTRATION_MESSAGES.industry,
        email: REGISTRATION_MESSAGES.email,
        phone: REGISTRATION_MESSAGES.phoneRequired,
      });
      expect(await accountOf(user.uid)).toEqual([]);
    });

    it('answers 403 when the e-mail is not the token’s, and stores nothing', async () => {
      const user = await signUp();
      const body = registrationBody(user, { email: `someone-else-${randomUUID()}@example.test` });
      body.businessName = `Mismatch ${randomUUID()}`;
      const res = await register(user.idToken, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, message: expect.any(String) });
      expect(await accountOf(user.uid)).toEqual([]);
      expect(await tenantsNamed(body.businessName)).toEqual([]);
    });

    it('continues the pending registration for the same uid and takes the new phone', async () => {
      const owner = await registerOwner(app);
      const newPhone = uniquePhone();
      const again = await register(owner.token, registrationBody(owner.user, { phone: newPhone }));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ tenantId: owner.tenantId, userId: owner.userId });
      const [account] = await accountOf(owner.user.uid);
      expect(account?.phone).toBe(newPhone);
      const rows = await app.database.db.select().from(tenantUsers).where(eq(tenantUsers.accountId, owner.userId));
      expect(rows).toHaveLength(1);
    });

    it('answers 409 when another uid registers an e-mail that already has an account', async () => {
      const first = await registerOwner(app);
      await deleteFirebaseUser(first.token);
      const second = await signUp(first.user.email);
      expect(second.uid).not.toBe(first.user.uid);
      const body = registrationBody(second, { businessName: `Second ${randomUUID()}` });
      const res = await register(second.idToken, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ status: 409, message: expect.any(String) });
      expect(await accountOf(second.uid)).toEqual([]);
      expect(await tenantsNamed(body.businessName)).toEqual([]);
    });

    it('creates exactly one tenant for two identical requests at once', async () => {
      const user = await signUp();
      const body = registrationBody(user, { businessName: `Race ${randomUUID()}` });
      const [a, b] = await Promise.all([register(user.idToken, body), register(user.idToken, body)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().tenantId).toBe(b.json().tenantId);
      expect(a.json().userId).toBe(b.json().userId);
      expect(await tenantsNamed(body.businessName)).toHaveLength(1);
      expect(await accountOf(user.uid)).toHaveLength(1);
    });

    it('answers 401 without a token', async () => {
      const user = await signUp();
      const res = await register(undefined, registrationBody(user));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
      expect(await accountOf(user.uid)).toEqual([]);
    });

    it('answers 401, not a validation report, to an invalid body without a token', async () => {
      const res = await register(undefined, { businessName: '' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).not.toHaveProperty('errors');
    });

    it('answers 400, not 500, to a body that is not JSON', async () => {
      const user = await signUp();
      const res = await app.inject({
        method: 'POST',
        url: '/api/onboarding/register',
        headers: { ...bearer(user.idToken), 'content-type': 'application/json' },
        payload: '{"businessName": "Bakery",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
      expect(await accountOf(user.uid)).toEqual([]);
    });
  });
});
