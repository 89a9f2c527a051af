// First load of each screen in headless Chromium: the JavaScript and CSS it downloads, as bytes on the wire
// (the encoded body Chromium received: it asks for br) and as gzip -9 of each same-origin body (the figure of
// earlier rounds, which does not depend on what the server sends), and its LCP.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

export const DESIGN_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const PUBLIC_SCREENS = ['/login', '/register'];
export const WORKSPACE_SCREENS = [
  '/',
  '/users',
  '/members',
  '/memberships',
  '/wallet-settings',
  '/point-settings',
  '/store-settings',
];

export const LCP_SCRIPT = `
  window.__lcp = undefined;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp = { ms: e.startTime, tag: e.element ? e.element.tagName + (e.element.textContent ? ': ' + e.element.textContent.trim().slice(0, 40) : '') : e.url };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

/**
 * One cold load (HTTP cache off) of base+path in context; answers sizes, LCP and where the page ended.
 * `prepare(cdp)` may set up more of the page's conditions first (the customer pages' throttling), and
 * `settle(page)` wait for what the page must show before its LCP is read.
 */
export async function measure(context, base, path, prepare = async () => {}, settle = async () => {}) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await prepare(cdp);
  const bodies = [];
  const origin = new URL(base).origin;
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin !== origin) return;
    const kind = /\.m?js$/.test(url.pathname) ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
    if (kind)
      bodies.push(
        Promise.all([res.body(), res.request().sizes(), res.headerValue('content-encoding')])
          .then(([b, sizes, encoding]) => ({
            kind,
            url: url.pathname,
            gz: gzipSync(b, { level: 9 }).length,
            wire: sizes.responseBodySize,
            encoding: encoding ?? 'identity',
          }))
          .catch(() => undefined),
      );
  });
  const start = Date.now();
  await page.goto(base + path, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await settle(page);
  const lcp = await page.evaluate(() => window.__lcp);
  const files = (await Promise.all(bodies)).filter(Boolean);
  const unique = new Map(files.map((f) => [f.url, f]));
  const sum = (kind, field = 'gz') =>
    [...unique.values()].filter((f) => f.kind === kind).reduce((n, f) => n + f[field], 0) / 1024;
  const result = {
    path,
    landed: new URL(page.url()).pathname,
    jsKB: sum('js'),
    cssKB: sum('css'),
    jsWireKB: sum('js', 'wire'),
    cssWireKB: sum('css', 'wire'),
    encodings: [...new Set([...unique.values()].map((f) => f.encoding))],
    jsFiles: [...unique.values()].filter((f) => f.kind === 'js').sort((a, b) => b.gz - a.gz),
    lcpMs: lcp?.ms,
    lcpElement: lcp?.tag,
    idleMs: Date.now() - start,
  };
  await page.close();
  return result;
}

const LCP_RUNS = 3;

/**
 * A screen's sizes from its first cold load, its LCP as the median of LCP_RUNS cold loads: one load on a
 * shared machine swings by hundreds of milliseconds.
 */
async function measureScreen(context, base, path) {
  const runs = [];
  for (let i = 0; i < LCP_RUNS; i++) runs.push(await measure(context, base, path));
  const lcps = runs.map((r) => r.lcpMs).filter((ms) => ms !== undefined);
  const sorted = [...lcps].sort((a, b) => a - b);
  return { ...runs[0], lcpMs: sorted[Math.floor(sorted.length / 2)], lcpRuns: lcps };
}

export async function measureWeb({ base, email, password }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: DESIGN_ARGS,
  });
  const results = [];
  try {
    const anon = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await anon.addInitScript(LCP_SCRIPT);
    // One throw-away load first, so the server's file cache is warm for every screen alike.
    await measure(anon, base, '/login');
    for (const path of PUBLIC_SCREENS) results.push(await measureScreen(anon, base, path));
    await anon.close();

    const signedIn = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await signedIn.addInitScript(LCP_SCRIPT);
    const page = await signedIn.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await page.waitForLoadState('networkidle').catch(() => {});
    await page.close();
    for (const path of WORKSPACE_SCREENS) results.push(await measureScreen(signedIn, base, path));
    await signedIn.close();
  } finally {
    await browser.close();
  }
  return results;
}
