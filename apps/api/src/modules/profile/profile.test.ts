import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  linkPhone,
  signIn,
  signUp,
  uniquePhone,
  updateFirebaseEmail,
} from '../../../test/helpers';
import { activeOwner, addTeamUser, registerOwner } from '../../../test/onboarding-helpers';
import { accounts } from '../../db/schema';

describe('own profile: /api/users/me', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const put = (token: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(token), payload: payload as object });
  const stored = async (uid: string) => {
    const [row] = await app.database.db
      .select({
        firstName: accounts.firstName,
        lastName: accounts.lastName,
        email: accounts.email,
        phone: accounts.phone,
      })
      .from(accounts)
      .where(eq(accounts.firebaseUid, uid));
    return row;
  };

  it('GET answers {firstName, lastName, email, phone} from the account', async () => {
    const owner = await registerOwner(app);
    const res = await app.inject({ url: '/api/users/me', headers: bearer(owner.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: owner.user.email, phone: owner.phone });
  });

  it('PUT {first_name, last_name} updates the names, answers the profile and stores it', async () => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, { first_name: '  Grace ', last_name: 'Hopper' });
    expect(res.statusCode).toBe(200);
    const expected = { firstName: 'Grace', lastName: 'Hopper', email: owner.user.email, phone: owner.phone };
    expect(res.json()).toEqual(expected);
    expect(await stored(owner.user.uid)).toEqual(expected);
  });

  it('PUT with an empty first name answers 400 errors.first_name and stores nothing', async () => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, { first_name: '  ', last_name: 'Hopper' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { first_name: 'First name is required' } });
    expect(await stored(owner.user.uid)).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('PUT with a name over 120 characters answers 400 naming it', async () => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, { first_name: 'Grace', last_name: 'x'.repeat(121) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { last_name: 'At most 120 characters' } });
    expect(await stored(owner.user.uid)).toMatchObject({ lastName: 'Lovelace' });
  });

  it('PUT {phone} not verified for the Firebase user answers 400 errors.phone and stores nothing', async () => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, { phone: uniquePhone() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { phone: expect.any(String) } });
    expect((await stored(owner.user.uid))?.phone).toBe(owner.phone);
  });

  it('PUT {phone} of another number than the verified one answers 400 and stores nothing', async () => {
    const owner = await registerOwner(app);
    const token = await linkPhone(owner.token, uniquePhone());
    const res = await put(token, { phone: uniquePhone() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('phone');
    expect((await stored(owner.user.uid))?.phone).toBe(owner.phone);
  });

  it('PUT {phone} equal to the verified phone answers 200 and stores it', async () => {
    const owner = await registerOwner(app);
    const verified = uniquePhone();
    const token = await linkPhone(owner.token, verified);
    const res = await put(token, { phone: verified });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: verified, email: owner.user.email });
    expect((await stored(owner.user.uid))?.phone).toBe(verified);
  });

  it('PUT {email} other than the Firebase user’s answers 400 errors.email and stores nothing', async () => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, { email: `new-${randomUUID()}@example.test` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { email: expect.any(String) } });
    expect((await stored(owner.user.uid))?.email).toBe(owner.user.email);
  });

  it('PUT {email} equal to the Firebase user’s new e-mail answers 200 and stores it', async () => {
    const owner = await registerOwner(app);
    const email = `changed-${randomUUID()}@example.test`;
    await updateFirebaseEmail(owner.token, email);
    // A fresh sign-in: the token of the update itself is auth.test.ts's concern.
    const res = await put(await signIn(email, owner.user.password), { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, firstName: 'Ada' });
    expect((await stored(owner.user.uid))?.email).toBe(email);
  });

  it('PUT {email} already held by another account answers 409 and stores nothing', async () => {
    const [owner, other] = await Promise.all([registerOwner(app), registerOwner(app)]);
    // The other account's Firebase e-mail moved on; its row still holds the old address.
    const taken = other.user.email;
    await updateFirebaseEmail(other.token, `moved-${randomUUID()}@example.test`);
    await updateFirebaseEmail(owner.token, taken);
    const res = await put(await signIn(taken, owner.user.password), { email: taken });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 409, message: expect.any(String) });
    expect((await stored(owner.user.uid))?.email).toBe(owner.user.email);
  });

  it.each([
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address.'],
    ['phone', { phone: '98765' }, 'Invalid phone. Use international format like +15551234567'],
  ])('PUT with a malformed %s answers 400 with the form’s message', async (field, payload, message) => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it.each([
    ['an unknown key', { nickname: 'Gigi' }],
    ['names plus an unknown key', { first_name: 'Grace', last_name: 'Hopper', role: 'owner' }],
    ['names and phone together', { first_name: 'Grace', last_name: 'Hopper', phone: '+15551234567' }],
    ['phone and e-mail together', { phone: '+15551234567', email: 'a@example.test' }],
    ['an empty object', {}],
    ['camelCase names', { firstName: 'Grace', lastName: 'Hopper' }],
  ])('PUT with %s answers 400 and stores nothing', async (_label, payload) => {
    const owner = await registerOwner(app);
    const res = await put(owner.token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: expect.any(String) });
    expect(await stored(owner.user.uid)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: owner.user.email,
      phone: owner.phone,
    });
  });

  it('answers 404 to GET and PUT when the caller has no account row', async () => {
    const user = await signUp();
    const get = await app.inject({ url: '/api/users/me', headers: bearer(user.idToken) });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toMatchObject({ status: 404, message: expect.any(String) });
    const res = await put(user.idToken, { first_name: 'Grace', last_name: 'Hopper' });
    expect(res.statusCode).toBe(404);
    expect(await stored(user.uid)).toBeUndefined();
  });

  it('answers 401 without a token', async () => {
    const res = await app.inject({ url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
  });

  it('PUT by a user every business has made INACTIVE answers 403 T013 and changes nothing', async () => {
    const owner = await activeOwner(app);
    const user = await signUp();
    await addTeamUser(app, owner.tenantId, user, 'staff', 'INACTIVE');
    const res = await put(user.idToken, { first_name: 'Sneaky', last_name: 'Change' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 403, error: 'T013' });
    expect(await stored(user.uid)).toMatchObject({ firstName: 'Team', lastName: 'User' });
  });
});

describe('own profile: the account language (docs/design.md §8)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is absent until chosen, then kept for the account and answered to any sign-in; anything else is refused', async () => {
    const owner = await registerOwner(app);
    const me = () => app.inject({ url: '/api/users/me', headers: bearer(owner.token) });
    expect((await me()).json()).not.toHaveProperty('language');
    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: '/api/users/me', headers: bearer(owner.token), payload });
    const chosen = await put({ language: 'zh-Hant' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ firstName: 'Ada', language: 'zh-Hant' });
    const [row] = await app.database.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.firebaseUid, owner.user.uid));
    expect(row?.language).toBe('zh-Hant');
    // Another browser: a new sign-in, a new token, the same answer.
    const again = await signIn(owner.user.email, owner.user.password);
    const other = await app.inject({ url: '/api/users/me', headers: bearer(again) });
    expect(other.json().language).toBe('zh-Hant');
    const refused = await put({ language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBeTruthy();
    expect((await me()).json().language).toBe('zh-Hant');
  });
});
