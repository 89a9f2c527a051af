import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers';
import { accessPlugin } from './access';

// Routes that hold no tenant data and are meant to be reached without a tenant role.
const NON_TENANT = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/public/firebase-config',
  // The stamp card's picture, fetched by Google for a pass (docs/design.md §10): a count and colours, nobody's data.
  'GET /api/public/stamp-card/:tenantId/:file',
  'GET /api/members/me',
  'GET /api/users/me',
  'PUT /api/users/me',
  'POST /api/onboarding/register',
  'POST /api/onboarding/activate',
  // Apple's PassKit web service: devices authenticate with the pass's own ApplePass token (modules/wallet/apple).
  'POST /api/passkit/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
  'DELETE /api/passkit/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
  'GET /api/passkit/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
  'GET /api/passkit/v1/passes/:passTypeIdentifier/:serialNumber',
  'POST /api/passkit/v1/log',
  // The customer's join page and card (modules/enrolment): a phone sign-in token or a signed link, no role.
  'GET /api/public/join/:slug',
  'POST /api/public/join/:slug',
  'GET /api/public/card/:slug',
  'GET /api/public/card/:slug/pass.pkpass',
  'GET /api/public/card/:slug/events',
  'POST /api/public/card/:slug/rewards/:rewardId/claim',
  // The customer's own data on the card (modules/privacy): the same phone sign-in token, a fresh one to delete.
  'GET /api/public/card/:slug/export',
  'GET /api/public/card/:slug/consents',
  'PUT /api/public/card/:slug/consents',
  'DELETE /api/public/card/:slug',
]);

describe('access: every /api route states who may call it', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('walks the registered routes: each declares an access, and every tenant route a role', () => {
    for (const key of NON_TENANT) expect(app.routeAccess.map((r) => `${r.method} ${r.url}`)).toContain(key);
    for (const route of app.routeAccess) {
      const key = `${route.method} ${route.url}`;
      if (NON_TENANT.has(key)) {
        expect(['public', 'account'], key).toContain(route.access);
      } else {
        // Anything else touches a tenant's data, so it names the least role that may call it.
        expect(['staff', 'admin', 'owner'], key).toContain(route.access);
      }
    }
  });

  it('every route in the printed table is guarded: a tenant route without a token answers 401', async () => {
    for (const route of app.routeAccess.filter((r) => !['public'].includes(r.access))) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-0000-0000-000000000000');
      const res = await app.inject({ method: route.method as 'GET', url });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses to start when an /api route declares no access', async () => {
    const bare = Fastify();
    await bare.register(accessPlugin);
    bare.get('/api/declared', { config: { access: 'public' } }, async () => ({ ok: true }));
    expect(() => bare.get('/api/forgotten', async () => ({ ok: true }))).toThrow(/declares no access/);
    await bare.close();
  });
});
