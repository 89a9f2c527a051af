import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

describe('the registration screen’s Terms and Privacy links', () => {
  let app: FastifyInstance;
  let configured: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    configured = await buildTestApp({
      TERMS_URL: 'https://example.com/legal/terms',
      PRIVACY_URL: 'https://example.com/legal/privacy',
    });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await configured?.close();
  });

  it('/terms and /privacy are pages of their own in the reader’s language (not the sign-in screen)', async () => {
    const en = await app.inject({ url: '/terms' });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('text/html');
    expect(en.body).toContain('<h1>Terms of Service</h1>');
    const hant = await app.inject({ url: '/privacy', headers: { 'accept-language': 'zh-HK,zh;q=0.9' } });
    expect(hant.body).toContain('<h1>私隱政策</h1>');
    expect(hant.body).toContain('<html lang="zh-Hant">');
    const hans = await app.inject({ url: '/terms?lang=zh-Hans', headers: { 'accept-language': 'en' } });
    expect(hans.body).toContain('<h1>服务条款</h1>');
  });

  it('TERMS_URL and PRIVACY_URL send the reader to the operator’s own pages', async () => {
    const terms = await configured.inject({ url: '/terms' });
    expect(terms.statusCode).toBe(302);
    expect(terms.headers.location).toBe('https://example.com/legal/terms');
    expect((await configured.inject({ url: '/privacy' })).headers.location).toBe('https://example.com/legal/privacy');
  });
});
