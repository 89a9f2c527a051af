import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, craftToken } from '../../test/helpers';

/** The security headers are on every answer: success, refusal, validation error and not-found alike. */
describe('security headers on every answer', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const answers = () => [
    app.inject({ url: '/api/health' }),
    app.inject({ url: '/api/users/me' }),
    app.inject({ url: '/api/users/me', headers: bearer(craftToken('x', {}, { alg: 'RS256' }, 'c2ln')) }),
    app.inject({ url: '/api/no-such-route' }),
    app.inject({ method: 'POST', url: '/api/onboarding/activate', payload: '{not json' }),
  ];

  it('sets CSP without inline scripts, frame-ancestors none, nosniff, referrer policy and HSTS', async () => {
    for (const res of await Promise.all(answers())) {
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      // 'wasm-unsafe-eval' (WebAssembly only, for the counter's barcode decoder) is allowed; eval() is not.
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // An API answer is never a page: its policy lets it load nothing at all.
      expect(csp).toContain("default-src 'none'");
    }
  });

  it('gives the pages the policy the web app needs, and API answers none of it', async () => {
    const page = String((await app.inject({ url: '/login' })).headers['content-security-policy']);
    const api = String((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(page).toContain("default-src 'self'");
    expect(page).toContain('https://identitytoolkit.googleapis.com');
    expect(api).not.toContain('googleapis');
    expect(api).not.toContain("'unsafe-inline'");
  });

  it('keeps API answers out of the browser cache and leaves off the headers only a page uses', async () => {
    for (const res of await Promise.all(answers())) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    }
    const page = await app.inject({ url: '/login' });
    expect(page.headers['x-dns-prefetch-control']).toBe('off');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});
