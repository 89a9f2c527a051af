import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { latestSmsCode, screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, tokenFor } from './users-support';

// docs/design.md §8: a customer scans the counter's QR code with their phone, proves the phone with an SMS code and holds a
// card; staff then record a purchase and the card (and its Apple pass) show the new balance.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

/**
 * A business with points rules, tiers Basic [0, 100) and Silver from $100 (named in Chinese too), and its join
 * page open to Hong Kong numbers with 50 welcome points.
 */
async function businessWithJoinPage() {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const tier = (name: string, nameZh: string, nameCn: string, minSpendAmount: number, maxSpendAmount?: number) =>
    call(
      'POST',
      '/api/memberships',
      { name, nameZh, nameCn, color: '#64748b', minSpendAmount, maxSpendAmount, benefits: [], isActive: true },
      token,
    );
  await tier('Basic', '基本會員', '基础会员', 0, 100);
  await tier('Silver', '銀卡會員', '银卡会员', 100);
  const slug = `shop-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    {
      enabled: true,
      slug,
      welcomePoints: 50,
      requireEmail: false,
      termsUrl: 'https://example.test/terms',
      allowedCountries: ['HK'],
    },
    token,
  );
  return { token, slug };
}

/** The pass.json inside a .pkpass (a zip), read with the system's unzip as the API's wallet tests do. */
function passJson(pkpass: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-pkpass-'));
  writeFileSync(join(dir, 'card.pkpass'), pkpass);
  return JSON.parse(execFileSync('unzip', ['-p', 'card.pkpass', 'pass.json'], { cwd: dir, encoding: 'utf8' }));
}

async function joinWithPhone(page: Page, phone: string) {
  await page.getByLabel('Mobile number').fill(phone.replace('+852', ''));
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toBeVisible({ timeout: 15_000 });
  let code = '';
  await expect
    .poll(async () => {
      code = await latestSmsCode(phone).catch(() => '');
      return code;
    })
    .toMatch(/^\d{6}$/);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
}

test('a customer joins by phone on a 390 px screen, holds a card with the welcome points; a purchase shows without a reload and in the Apple pass, whose link still works 11 minutes on', async ({
  page,
}) => {
  // The page's clock is the test's, so "11 minutes later" takes no time (the server's clock is real).
  await page.clock.install();
  const { token, slug } = await businessWithJoinPage();
  await page.goto(`/join/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Join Bakery / })).toBeVisible();
  await expect(page.getByText('Join now and get 50 points')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoSeriousA11yViolations(page, 'join page');
  await screenshot(page, 'customer-join-en');

  // A number outside the allowed countries is refused before any code is sent.
  await page.getByLabel('Mobile number').fill('+44 7700 900123');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Phone numbers from this country cannot join here')).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveCount(0);

  const phone = uniqueHkPhone();
  await joinWithPhone(page, phone);

  // A new phone: the details, then the card.
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('Please enter your first name')).toBeVisible();
  await expect(page.getByText('Please accept the terms to join')).toBeVisible();
  await page.getByLabel('First name').fill('Mei');
  await page.getByLabel('Last name').fill('Wong');
  await page.getByLabel('I accept the terms and conditions').check();
  await expect(page.getByRole('link', { name: 'Read the terms' })).toHaveAttribute(
    'href',
    'https://example.test/terms',
  );
  await page.getByLabel('Send me offers and news').check();
  await screenshot(page, 'customer-join-details-en');
  await page.getByRole('button', { name: 'Join', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/card/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mei Wong' })).toBeVisible();
  await expect(page.getByTestId('card-points')).toHaveText('50');
  await expect(page.getByText('Welcome bonus')).toBeVisible();
  await expect(page.getByText('Basic', { exact: true })).toBeVisible();
  await expect(page.getByText('Spend $100.00 more to reach Silver')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Membership QR code' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Membership barcode' })).toBeVisible();
  // Big enough to scan from a phone screen: the QR at least 200 px, the barcode at least 200 px wide.
  const qr = await page.getByRole('img', { name: 'Membership QR code' }).boundingBox();
  const bars = await page.getByRole('img', { name: 'Membership barcode' }).boundingBox();
  expect(qr?.width ?? 0).toBeGreaterThanOrEqual(200);
  expect(bars?.width ?? 0).toBeGreaterThanOrEqual(200);
  await expectNoSeriousA11yViolations(page, 'card page');
  await screenshot(page, 'customer-card-en', true);

  // Staff record a purchase of $12.50 (125 points) through the admin API.
  const members = await call('GET', '/api/tenants/member?page=0&size=20', undefined, token);
  expect(members.content).toHaveLength(1);
  const member = members.content[0];
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 12.5 }, token);

  // No reload: the card page hears the change (GET /api/public/card/{slug}/events) and reads the card again.
  await expect(page.getByTestId('card-points')).toHaveText('175', { timeout: 5_000 });
  await expect(page.getByText('Purchase', { exact: true })).toBeVisible();
  await expect(page.getByText('Spend $87.50 more to reach Silver')).toBeVisible();

  // The Apple link is a plain, signed link: it downloads the pass with that balance.
  const appleUrl = await page.getByRole('link', { name: 'Add to Apple Wallet' }).getAttribute('href');
  expect(appleUrl).toBeTruthy();
  const res = await page.request.get(appleUrl as string);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/vnd.apple.pkpass');
  const pass = passJson(await res.body());
  const points = pass.storeCard.headerFields.find((f: { key: string }) => f.key === 'points');
  expect(points.value).toBe(175);
  expect(pass.barcodes[0].message).toBe(member.membershipCode);

  // The page stays open 11 minutes, past the link's 10: the page has renewed it, and a tap downloads the pass.
  const expOf = (url: string) => Number(new URL(url, E2E.baseURL).searchParams.get('exp'));
  // The server stamps links to the second on its real clock: a renewal within the same second would carry the
  // same expiry, so the test lets the server's second turn over before the page's clock jumps.
  const issuedAt = (expOf(appleUrl as string) - 600) * 1000;
  await expect.poll(() => Date.now()).toBeGreaterThan(issuedAt + 1000);
  await page.clock.fastForward('11:00');
  const link = page.getByRole('link', { name: 'Add to Apple Wallet' });
  await expect
    .poll(async () => expOf((await link.getAttribute('href')) as string))
    .toBeGreaterThan(expOf(appleUrl as string));
  const [tapped] = await Promise.all([page.waitForRequest(/\/pass\.pkpass\?/), link.click()]);
  expect(expOf(tapped.url())).toBeGreaterThan(expOf(appleUrl as string));
  expect((await page.request.get(tapped.url())).status()).toBe(200);

  // The same phone again (a second device): no second form, the same card, no second bonus.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(new RegExp(`/join/${slug}$`));
  await joinWithPhone(page, phone);
  await expect(page).toHaveURL(new RegExp(`/card/${slug}$`));
  await expect(page.getByTestId('card-points')).toHaveText('175');

  // The card in the other languages, switched on the page.
  for (const [language, locale, points, tierName, next] of [
    ['繁體中文', 'zh-Hant', '積分', '基本會員', '再消費 $87.50 即可升級至銀卡會員'],
    ['简体中文', 'zh-Hans', '积分', '基础会员', '再消费 $87.50 即可升级至银卡会员'],
  ] as const) {
    await page.getByLabel(/Language|語言|语言/).selectOption({ label: language });
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByText(points, { exact: true })).toBeVisible();
    await expect(page.getByText(tierName, { exact: true })).toBeVisible();
    await expect(page.getByText(next)).toBeVisible();
    await screenshot(page, `customer-card-${locale}`, true);
  }
});

async function joinPageIn(browser: Browser, browserLocale: string, slug: string) {
  const context = await browser.newContext({
    baseURL: E2E.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: browserLocale,
  });
  const page = await context.newPage();
  await page.goto(`/join/${slug}`);
  return { context, page };
}

test('the join page speaks the browser’s Chinese, Traditional for Hong Kong and Simplified for the mainland; fits 360 px; the card needs a sign-in; a closed link says so', async ({
  browser,
}) => {
  const { slug } = await businessWithJoinPage();
  for (const [browserLocale, locale, heading, send] of [
    ['zh-HK', 'zh-Hant', /^加入 Bakery /, '發送驗證碼'],
    ['zh-CN', 'zh-Hans', /^加入 Bakery /, '发送验证码'],
  ] as const) {
    const { context, page } = await joinPageIn(browser, browserLocale, slug);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('button', { name: send })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await screenshot(page, `customer-join-${locale}`);
    await context.close();
  }
  // The narrowest phones: nothing scrolls sideways at 360 px.
  const narrow = await joinPageIn(browser, 'en-GB', slug);
  await narrow.page.setViewportSize({ width: 360, height: 740 });
  await expect(narrow.page.getByRole('button', { name: 'Send code' })).toBeVisible();
  expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Nobody signed in on this browser: the card page sends the visitor to the join page.
  await narrow.page.goto(`/card/${slug}`);
  await expect(narrow.page).toHaveURL(new RegExp(`/join/${slug}$`));
  await narrow.context.close();

  const { context, page } = await joinPageIn(browser, 'en-GB', 'no-such-shop');
  await expect(page.getByRole('heading', { name: 'This join page does not exist or is closed' })).toBeVisible();
  await context.close();
});
