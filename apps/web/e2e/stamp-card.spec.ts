import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { latestSmsCode, uniquePhoneDigits } from './support';
import { addTeamUserViaApi, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// docs/design.md §10 Stamp cards: the owner sets up an 8-stamp card on its screen, staff add stamps at the counter with
// one tap (+2, +3), and the customer's card page shows them live, then the reward when the card is full.

/** Where the screenshots go, to be looked at by people. */
const SHOTS = process.env.STAMPS_SHOTS_DIR ?? new URL('../../../.test-data/screenshots/', import.meta.url).pathname;
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/stamps-${name}.png`, fullPage: true });
}

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

/** The customer joins on a 390 px phone (SMS code from the emulator) and lands on the card. */
async function customerJoins(browser: Browser, slug: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const page = await context.newPage();
  const phone = uniqueHkPhone();
  await page.goto(`/join/${slug}`);
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
  await page.getByLabel('First name').fill('Mei');
  await page.getByLabel('Last name').fill('Wong');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByTestId('card-points')).toBeVisible();
  return page;
}

/** A staff user of the business signs in for the first time (phone verified by SMS) in a browser of their own. */
async function staffSignsIn(browser: Browser, ownerToken: string) {
  const staff = await addTeamUserViaApi(ownerToken, 'STAFF', `Barista${randomUUID().slice(0, 6)}`);
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Phone Verification Required' })).toBeVisible();
  const digits = uniquePhoneDigits();
  await page.getByLabel('Phone number').fill(digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestSmsCode(`+852${digits}`));
  await expect(page.getByRole('link', { name: 'Users' })).toBeVisible({ timeout: 15_000 });
  return page;
}

test('an owner sets up an 8-stamp card, staff stamp it at the counter, the card page shows it live and the reward', async ({
  page,
  browser,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const slug = `stamps-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 0, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );
  await call(
    'POST',
    '/api/tenants/rewards',
    { name: 'Free coffee', nameZh: '免費咖啡', nameCn: '免费咖啡', kind: 'FREE_ITEM', pointsCost: 500 },
    token,
  );

  // The owner's screen: Stamp Card in the sidebar, 8 stamps, one per visit, the coffee for a full card.
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Stamp Card' }).click();
  await expect(page.getByRole('heading', { name: 'Stamp Card', level: 1 })).toBeVisible();
  await page.getByLabel('Stamps per card').fill('8');
  await page.getByLabel('How stamps are earned').selectOption('PER_VISIT');
  await page.getByLabel('Reward for a full card').selectOption({ label: 'Free coffee' });
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Stamp card saved').first()).toBeVisible();
  await expect(page.getByRole('img', { name: '3 of 8 stamps' })).toBeVisible();
  await shot(page, 'settings-desktop-en');

  // The same screen in both Chinese scripts.
  for (const [language, title] of [
    ['繁體中文', '印花卡'],
    ['简体中文', '集章卡'],
  ] as const) {
    await page.getByRole('button', { name: `${owner.firstName} ${owner.lastName}` }).click();
    await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
    await page.getByRole('menuitemcheckbox', { name: language }).click();
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await shot(page, `settings-desktop-${language === '繁體中文' ? 'zh-Hant' : 'zh-Hans'}`);
  }

  // The customer joins and keeps the card page open.
  const customer = await customerJoins(browser, slug);
  await expect(customer.getByTestId('card-stamps')).toHaveText('0/8');
  const member = (await call('GET', '/api/tenants/member?size=1', undefined, token)).content[0];

  // Staff at the counter: find the member, one tap adds a stamp, +3 and +3 more fill most of the card.
  const till = await staffSignsIn(browser, token);
  await till.goto('/counter');
  const find = till.getByRole('textbox', { name: 'Membership code, phone or name' });
  await find.fill(member.membershipCode);
  await find.press('Enter');
  const stamps = till.getByRole('region', { name: 'Stamp card' });
  await expect(stamps.getByTestId('counter-stamps')).toHaveText('0 of 8 stamps');
  await stamps.getByRole('button', { name: 'Add a stamp' }).click();
  await expect(stamps.getByTestId('counter-stamps')).toHaveText('1 of 8 stamps');
  // Live: the customer's open page shows the stamp without a reload.
  await expect(customer.getByTestId('card-stamps')).toHaveText('1/8', { timeout: 15_000 });
  await stamps.getByRole('button', { name: 'Add 3 stamps' }).click();
  await expect(stamps.getByTestId('counter-stamps')).toHaveText('4 of 8 stamps');
  await stamps.getByRole('button', { name: 'Add 3 stamps' }).click();
  await expect(stamps.getByTestId('counter-stamps')).toHaveText('7 of 8 stamps');
  await expect(customer.getByTestId('card-stamps')).toHaveText('7/8', { timeout: 15_000 });
  await shot(till, 'counter-desktop-en');
  await shot(customer, 'card-390-en');

  // The eighth stamp fills the card: the reward is ready at the till and on the phone, the next card starts empty.
  await stamps.getByRole('button', { name: 'Add a stamp' }).click();
  await expect(stamps.getByTestId('stamp-reward-ready')).toContainText('Card full: Free coffee is ready to hand over');
  await expect(stamps.getByTestId('counter-stamps')).toHaveText('0 of 8 stamps');
  await expect(customer.getByTestId('card-stamp-reward')).toContainText('Your reward is ready: Free coffee', {
    timeout: 15_000,
  });
  await expect(customer.getByTestId('card-stamps')).toHaveText('0/8');
  await shot(till, 'counter-full-desktop-en');
  await shot(customer, 'card-full-390-en');

  // The card page in both Chinese scripts.
  await customer.getByRole('combobox', { name: 'Language' }).selectOption('zh-Hant');
  await expect(customer.getByTestId('card-stamp-reward')).toContainText('免費咖啡');
  await shot(customer, 'card-full-390-zh-Hant');
  await customer.getByRole('combobox', { name: /Language|語言/ }).selectOption('zh-Hans');
  await expect(customer.getByTestId('card-stamp-reward')).toContainText('免费咖啡');
  await shot(customer, 'card-full-390-zh-Hans');
});
