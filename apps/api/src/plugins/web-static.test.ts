import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import { createDatabase } from '../db/client';

describe('serving the built web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Loyalty Portal</title>');
    writeFileSync(join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
    const database = createDatabase({ dataDir: ':memory:' });
    app = await buildApp(testConfig({ WEB_DIST_DIR: dist }), { database, serveWeb: true });
    app.addHook('onClose', () => database.close());
  });
  afterAll(() => app.close());

  it('caches hashed assets for a year and never caches index.html', async () => {
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await app.inject({ url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/register/verify?tenantId=x', '/members']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Loyalty Portal</title>');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('keeps JSON 404s for unknown API routes and non-GET requests', async () => {
    const api = await app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404 });
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ status: 404 });
  });

  it('names the emulator in the content security policy so the SDK can reach it', async () => {
    const res = await app.inject({ url: '/login' });
    expect(res.headers['content-security-policy']).toMatch(/connect-src[^;]*http:\/\/127\.0\.0\.1:\d+/);
  });
});
