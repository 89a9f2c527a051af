import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../test/helpers';
import { addMember, business } from '../../test/support/members';
import { COMPRESS_MIN_BYTES } from './compression';

const decoded = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.body;
};

/** JSON answers are compressed when the client asks and they are large enough to gain from it. */
describe('compressed JSON answers', () => {
  let app: FastifyInstance;
  let plain: string;
  beforeAll(async () => {
    app = await buildTestApp();
    plain = (await app.inject({ url: '/api/openapi.json' })).body;
  });
  afterAll(() => app.close());

  it('sends the OpenAPI document as brotli or gzip, whichever the client prefers, decoding to the same JSON', async () => {
    expect(plain.length).toBeGreaterThan(20_000);
    const br = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.length / 5);
    expect(decoded(br)).toBe(plain);

    const gz = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(plain);
    const preferGzip = await app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br;q=0.5, gzip;q=1' },
    });
    expect(preferGzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends JSON as it is to a client that asks for no encoding or refuses them', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const res = await app.inject({
        url: '/api/openapi.json',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(res.body, acceptEncoding).toBe(plain);
    }
  });

  it(`leaves answers under ${COMPRESS_MIN_BYTES} bytes alone, errors included`, async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/users/me']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.rawPayload.length, url).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers.vary, url).toBeUndefined();
      expect(() => JSON.parse(res.body), url).not.toThrow();
    }
  });

  it('compresses a members page served from the list cache, and the next page after a write is the new one', async () => {
    const biz = await business(app);
    for (let i = 0; i < 12; i++) await addMember(app, biz.owner, { firstName: `Member${i}`, lastName: 'Compressed' });
    const headers = { ...bearer(biz.owner), 'accept-encoding': 'br' };
    const url = '/api/tenants/member?page=0&size=20';
    const first = await app.inject({ url, headers });
    const again = await app.inject({ url, headers });
    expect(first.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(first)).totalElements).toBe(12);
    expect(decoded(again)).toBe(decoded(first));
    await addMember(app, biz.owner, { firstName: 'Newest', lastName: 'Compressed' });
    const after = JSON.parse(decoded(await app.inject({ url, headers })));
    expect(after.totalElements).toBe(13);
    expect(after.content[0].firstName).toBe('Newest');
  });
});
