import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers';
import { buildApp } from '../app';
import { createDatabase } from '../db/client';

// What the build writes (apps/web/build/precompress.ts): a file and its brotli and gzip encodings beside it.
const ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `member ${i}` })))};`;
const INDEX = `<!doctype html><title>Loyalty Portal</title>${'<meta name="x" content="padding">'.repeat(40)}`;
// The customer pages' own entry (apps/web/customer.html).
const CUSTOMER = `<!doctype html><title>Loyalty card</title>${'<meta name="y" content="padding">'.repeat(40)}`;
function writeEncoded(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

describe('serving the built web app', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeEncoded(join(dist, 'index.html'), INDEX);
    writeEncoded(join(dist, 'customer.html'), CUSTOMER);
    writeEncoded(join(dist, 'assets', 'index-AbC123.js'), ASSET);
    writeFileSync(join(dist, 'assets', 'tiny-Zz9.js'), 'console.log(1)');
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

  it('sends the precompressed encoding the browser prefers, with its own length and Vary', async () => {
    const url = '/assets/index-AbC123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(ASSET.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);

    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(ASSET);
  });

  it('sends index.html compressed on every page address, still never cached', async () => {
    for (const url of ['/', '/members', '/index.html']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br;q=1, gzip;q=0.8' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('sends a file the build left unencoded as it is, and gives the encoded copies no address', async () => {
    const tiny = await app.inject({ url: '/assets/tiny-Zz9.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(tiny.statusCode).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    // Not a file of its own: the address falls through to the web app like any unknown page address.
    const copy = await app.inject({ url: '/assets/index-AbC123.js.br' });
    expect(copy.headers['content-type']).toMatch(/^text\/html/);
    expect(copy.body).toBe(INDEX);
  });

  it('answers client routes with index.html (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/register/verify?tenantId=x', '/members']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Loyalty Portal</title>');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('answers the customer pages with their own light entry, compressed and never cached', async () => {
    for (const url of ['/join/coffee-corner', '/card/coffee-corner', '/join/abc/', '/card/abc?lang=zh']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(CUSTOMER);
    }
    // Anything else under those words is an admin address as before.
    for (const url of ['/join', '/joined/x', '/card/a/b', '/cards/x']) {
      const res = await app.inject({ url });
      expect(res.body, url).toBe(INDEX);
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
