import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { latestSmsCode, screenshot } from './support';
import { registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// docs/design.md §10: the owner turns the welcome on (its bonus and its message in three languages); a customer who
// joins on a phone sees the bonus and the message on the card page, in the customer's language.

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

const LANGUAGES = [
  { name: 'en', locale: 'en-US', message: 'Welcome! Your first coffee is on us.', points: '30' },
  { name: 'zh-Hant', locale: 'zh-TW', message: '歡迎加入！第一杯咖啡由我們請客。', points: '30' },
  { name: 'zh-Hans', locale: 'zh-CN', message: '欢迎加入！第一杯咖啡由我们请客。', points: '30' },
] as const;

async function joinAs(browser: Browser, slug: string, locale: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
  });
  const page = await context.newPage();
  await page.goto(`/join/${slug}`);
  const phone = uniqueHkPhone();
  const code = page.locator('#join-code');
  // Typed into the server's painted page, the number could be lost as the app took the page over (seen once in CI:
  // the field empty, no code asked): type and send again until the code field shows.
  await expect(async () => {
    if (await code.isVisible()) return;
    await page.locator('#join-phone').fill(phone.replace('+852', ''), { timeout: 5_000 });
    await page
      .locator('form')
      .filter({ has: page.locator('#join-phone') })
      .locator('button[type="submit"]')
      .click({ timeout: 5_000 });
    await expect(code).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  let sms = '';
  await expect
    .poll(async () => {
      sms = await latestSmsCode(phone).catch(() => '');
      return sms;
    })
    .toMatch(/^\d{6}$/);
  await code.fill(sms);
  await page.locator('form').filter({ has: code }).locator('button[type="submit"]').click();
  await expect(page.locator('#join-firstName')).toBeVisible({ timeout: 15_000 });
  await page.locator('#join-firstName').fill('Mei');
  await page.locator('#join-lastName').fill('Wong');
  await page.locator('#join-birthday').fill('04-23');
  await page.locator('input[name="marketingOptIn"]').check();
  await page
    .locator('form')
    .filter({ has: page.locator('#join-firstName') })
    .locator('button[type="submit"]')
    .click();
  await expect(page).toHaveURL(new RegExp(`/card/${slug}$`), { timeout: 15_000 });
  return { page, context };
}

test('the owner turns on the welcome bonus; a customer joining on a 390 px phone sees the bonus and the message, in English and Chinese', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const slug = `auto-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );

  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.goto('/automations');
  await expect(page.getByRole('heading', { level: 1, name: 'Automations' })).toBeVisible();
  const welcome = page.locator('[data-slot="card"]').filter({ hasText: 'Welcome' }).first();
  await welcome.getByRole('switch').click();
  await welcome.getByLabel('Bonus points').fill('30');
  await welcome.getByLabel('Message (English)').fill(LANGUAGES[0].message);
  await welcome.getByLabel('Message (Traditional Chinese)').fill(LANGUAGES[1].message);
  await welcome.getByLabel('Message (Simplified Chinese)').fill(LANGUAGES[2].message);
  await welcome.getByRole('button', { name: 'Save' }).click();
  await expect(welcome.getByRole('status')).toHaveText('Saved');
  await screenshot(page, 'automations-en', true);

  for (const language of LANGUAGES) {
    const customer: { page: Page; context: Awaited<ReturnType<Browser['newContext']>> } = await joinAs(
      browser,
      slug,
      language.locale,
    );
    await expect(customer.page.getByTestId('card-points')).toHaveText(language.points, { timeout: 20_000 });
    await expect(customer.page.getByTestId('card-news')).toHaveText(language.message, { timeout: 30_000 });
    await screenshot(customer.page, `automations-welcome-card-${language.name}`, true);
    await customer.context.close();
  }
});
