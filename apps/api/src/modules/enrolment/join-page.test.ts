import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { webDistFixture } from '../../../test/support/join-page';
import { business } from '../../../test/support/members';
import { storeSettings } from '../../db/schema';

const HOSTILE = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)>&amp;`;

const dataBlock = (html: string) => {
  const match = /<script type="application\/json" id="join-data">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] as string) : undefined;
};
const scriptTags = (html: string) => html.match(/<script\b/gi)?.length ?? 0;

describe('/join/<slug> painted by the server', () => {
  let app: FastifyInstance;
  let slug: string;
  let hostileSlug: string;

  const enable = async (token: string, s: string) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(token),
      payload: { enabled: true, slug: s, welcomePoints: 50, requireEmail: false, termsUrl: '', allowedCountries: [] },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: webDistFixture() }, { serveWeb: true });
    const biz = await business(app);
    slug = `shop-${randomUUID().slice(0, 8)}`;
    await enable(biz.admin, slug);
    // A store name no form lets through, written directly: the page must be safe whatever is stored.
    const hostile = await business(app);
    // Activation made the store's row with the business name: written over.
    const branding = { logoUrl: 'https://cdn.test/logo.png?a=1&b="2"', text: HOSTILE, backgroundUrl: '' };
    await app.database.db
      .insert(storeSettings)
      .values({ tenantId: hostile.tenantId, ...branding })
      .onConflictDoUpdate({ target: storeSettings.tenantId, set: branding });
    hostileSlug = `evil-${randomUUID().slice(0, 8)}`;
    await enable(hostile.admin, hostileSlug);
  });
  afterAll(() => app?.close());

  it('answers the page with the branding inlined and the first screen in #root, compressed and not cached', async () => {
    const res = await app.inject({
      url: `/join/${slug}`,
      headers: { 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const html = brotliDecompressSync(res.rawPayload).toString();

    const info = (await app.inject({ url: `/api/public/join/${slug}` })).json();
    expect(dataBlock(html)).toEqual(info);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Blue Bottle Bakery</title>');
    expect(html).toContain('<h1 class="text-2xl font-bold">Join Blue Bottle Bakery</h1>');
    expect(html).toContain('Join now and get 50 points');
    expect(html).toContain('We will text you a code to confirm your number.');
    expect(html).toContain('--brand-bg:');
    // The branding is there already: the page does not preload the branding call.
    expect(html).not.toContain('customer-preload.js');
    expect(html).toContain('<script type="module" crossorigin src="/assets/customer-AbC.js"></script>');
  });

  it('writes the first screen in the language of Accept-Language, as the page picks it', async () => {
    const hk = await app.inject({ url: `/join/${slug}`, headers: { 'accept-language': 'zh-HK,zh;q=0.9,en;q=0.8' } });
    expect(hk.body).toContain('<html lang="zh-Hant"');
    expect(hk.body).toContain('加入Blue Bottle Bakery</h1>');
    expect(hk.body).toContain('立即加入即送 50 積分');
    expect(hk.body).toContain('<option value="zh-Hant" selected>');
    const cn = await app.inject({ url: `/join/${slug}`, headers: { 'accept-language': 'fr;q=0.9, zh-CN' } });
    expect(cn.body).toContain('我们会发送验证码。');
    const none = await app.inject({ url: `/join/${slug}` });
    expect(none.body).toContain('<html lang="en"');
  });

  it('leaves a hostile store name inert: escaped in the page, intact in the data', async () => {
    const res = await app.inject({ url: `/join/${hostileSlug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/<img[^>]*onerror/i);
    // The template's module script and the data block: nothing else opens a script.
    expect(scriptTags(html)).toBe(2);
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;&amp;amp;</title>',
    );
    expect(html).toContain('src="https://cdn.test/logo.png?a=1&amp;b=&quot;2&quot;" alt="" width="40" height="40"');
    expect(dataBlock(html)).toMatchObject({ storeName: HOSTILE, logoUrl: 'https://cdn.test/logo.png?a=1&b="2"' });
  });

  it('answers an unknown or malformed slug with the page as it is and 404', async () => {
    for (const url of ['/join/no-such-shop', '/join/bad_slug!']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(dataBlock(res.body)).toBeUndefined();
    }
    // The card page is not painted: customer.html as it is, from the static files.
    const card = await app.inject({ url: `/card/${slug}` });
    expect(card.statusCode).toBe(200);
    expect(card.body).toContain('<div id="root"></div>');
  });
});
