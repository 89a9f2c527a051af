import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, emulatorFetch, emulatorHost, PROJECT_ID, uniquePhone } from '../../test/helpers';
import { webDistFixture } from '../../test/support/join-page';
import { business } from '../../test/support/members';
import { closeCustomerListener, startCustomerListener } from './customer-listener';

// CUSTOMER_LISTEN (docs/configuration.md, "A phone on your network"): a phone reaches the customer pages and joins
// through the second listener, and nothing of the staff side answers there.
describe('the customer listener', () => {
  let app: FastifyInstance;
  let server: Server;
  let base: string;
  let admin: string;
  const slug = `lan-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: webDistFixture() }, { serveWeb: true });
    const biz = await business(app);
    admin = biz.admin;
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(admin),
      payload: { enabled: true, slug, welcomePoints: 50, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(res.statusCode).toBe(200);
    await app.listen({ port: 0, host: '127.0.0.1' });
    server = await startCustomerListener(app, { host: '127.0.0.1', port: 0 }, emulatorHost());
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    if (server) await closeCustomerListener(server);
    await app?.close();
  });

  it('serves the join page and its public call', async () => {
    const page = await fetch(`${base}/join/${slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="join-data"');
    const info = await fetch(`${base}/api/public/join/${slug}`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { slug: string }).slug).toBe(slug);
  });

  it('answers 404 to the admin API, even with a valid token, and to the staff portal', async () => {
    const enrolment = await fetch(`${base}/api/tenants/enrolment`, { headers: bearer(admin) });
    expect(enrolment.status).toBe(404);
    for (const path of ['/api/tenants/members', '/api/me', '/api/health', '/api/openapi.json', '/', '/login']) {
      expect((await fetch(`${base}${path}`, { headers: bearer(admin) })).status, path).toBe(404);
    }
    // The same call on the main address answers: only the customer listener refuses it.
    const main = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    expect((await fetch(`${main}/api/tenants/enrolment`, { headers: bearer(admin) })).status).toBe(200);
  });

  it('gives the phone its own address for sign-in and passes only the phone sign-in calls to the emulator', async () => {
    const config = (await (await fetch(`${base}/api/public/firebase-config`)).json()) as { emulatorHost: string };
    expect(config.emulatorHost).toBe(new URL(base).host);
    // The emulator's own endpoints (its accounts, its codes, e-mail sign-up) are not reachable here.
    for (const path of [
      `/emulator/v1/projects/${PROJECT_ID}/verificationCodes`,
      `/emulator/v1/projects/${PROJECT_ID}/accounts`,
      '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k',
      `/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet`,
    ]) {
      expect((await fetch(`${base}${path}`, { method: 'POST', body: '{}' })).status, path).toBe(404);
    }
  });

  it('lets a phone sign in and join through it alone', async () => {
    const phoneNumber = uniquePhone();
    const send = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phoneNumber, recaptchaToken: 'ignored-by-emulator' }),
    });
    expect(send.status).toBe(200);
    const { sessionInfo } = (await send.json()) as { sessionInfo: string };
    // The SMS the emulator "sent" (the start banner prints it): read where the developer reads it.
    const codes = (await (
      await emulatorFetch(`http://${emulatorHost()}/emulator/v1/projects/${PROJECT_ID}/verificationCodes`)
    ).json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
    const code = codes.verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
    const signIn = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=k`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionInfo, code }),
    });
    expect(signIn.status).toBe(200);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const join = await fetch(`${base}/api/public/join/${slug}`, {
      method: 'POST',
      headers: { ...bearer(idToken), 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Mei', lastName: 'Chan' }),
    });
    expect(join.status).toBe(201);
    expect(((await join.json()) as { membershipCode: string }).membershipCode).toBeTruthy();
  });
});
