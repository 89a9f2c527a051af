import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y-support';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { registerActiveOwner, uniqueHkPhone } from './profile-support';
import { latestSmsCode, screenshot } from './support';
import { addTeamUserViaApi, signInToWorkspace, tokenFor } from './users-support';

// Axe over every screen of the portal and the dialogs each one opens, in English and in both Chinese scripts,
// and over the public and customer pages in the three (docs/design.md §6: no serious or critical violation on any
// screen, the product's own colours included). Controls are found by their names in the screen's own catalogue,
// so the same walk runs in every language.

const LOCALES = ['en', 'zh-Hant', 'zh-Hans'] as const;
type Locale = (typeof LOCALES)[number];

const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../src/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >,
  ]),
) as Record<Locale, Record<string, string>>;

/** A text of the catalogue, exactly (none used here has placeholders). */
const text = (locale: Locale, key: string): string => {
  const value = catalogs[locale][key];
  if (!value) throw new Error(`no text ${key} in ${locale}`);
  return value;
};

/** The wallet card preview is painted in the owner's colours: their choice, checked by the wallet settings' warning. */
const PREVIEW = '[data-testid="wallet-card-preview"]';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.text();
  expect(res.status, answer).toBeLessThan(300);
  return answer ? JSON.parse(answer) : null;
}

/**
 * A business with something on every screen: point rules, two tiers and a reward named in three languages, the
 * join page, a member with a purchase, a staff user, an API key, a webhook and a message sent.
 */
async function businessWithEverything() {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const tier = (name: string, nameZh: string, nameCn: string, minSpendAmount: number, maxSpendAmount?: number) =>
    call(
      'POST',
      '/api/memberships',
      {
        name,
        nameZh,
        nameCn,
        color: '#64748b',
        minSpendAmount,
        maxSpendAmount,
        benefits: ['Free coffee'],
        benefitsZh: ['免費咖啡'],
        benefitsCn: ['免费咖啡'],
        isActive: true,
      },
      token,
    );
  await tier('Basic', '基本會員', '基础会员', 0, 100);
  await tier('Silver', '銀卡會員', '银卡会员', 100);
  await call(
    'POST',
    '/api/tenants/rewards',
    { kind: 'FREE_ITEM', name: 'Free coffee', nameZh: '免費咖啡', nameCn: '免费咖啡', pointsCost: 100, stock: 20 },
    token,
  );
  const slug = `a11y-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 50, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );
  const member = await call('POST', '/api/tenants/member', { firstName: '大文', lastName: '陳' }, token);
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 12.5 }, token);
  await addTeamUserViaApi(token, 'STAFF', 'Lee');
  await call('POST', '/api/tenants/api-keys', { name: 'Front till', scopes: ['members:read'] }, token);
  await call(
    'POST',
    '/api/tenants/webhooks',
    { url: 'http://127.0.0.1:9/loyalty', events: ['member.created'], enabled: true },
    token,
  );
  await call('POST', '/api/tenants/messages', { text: 'Double points today', audience: { all: true } }, token);
  await call('POST', '/api/tenants/branches', { name: 'Central', nameZh: '中環', nameCn: '中环' }, token);
  return { owner, token, slug, member };
}

/** The screen at `path` is drawn (its heading is there and nothing says it is loading). */
async function openScreen(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: /Loading|載入|加载/ })).toHaveCount(0, {
    timeout: 15_000,
  });
  // Still there, not sent to the sign-in page (whose heading would pass the check above).
  expect(new URL(page.url()).pathname).toBe(path);
}

/** Opens a dialog with the button named `opener`, checks it, and closes it with Escape. */
async function checkDialog(page: Page, opener: string, label: string, exclude: string[] = []) {
  await page.getByRole('button', { name: opener, exact: true }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, label, exclude);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Every screen of the workspace (docs/spec: the sidebar's screens, the activity tabs, a page not found). */
const SCREENS = [
  '/',
  '/users',
  '/members',
  '/counter',
  '/memberships',
  '/rewards',
  '/branches',
  '/wallet-settings',
  '/point-settings',
  '/store-settings',
  '/enrolment',
  '/messages',
  '/developers',
  '/activity',
  '/activity/staff',
  '/no-such-screen',
];

for (const locale of LOCALES) {
  test(`axe: every workspace screen and its dialogs in ${locale}`, async ({ page }) => {
    test.setTimeout(720_000);
    const { owner, token, member } = await businessWithEverything();
    await call('PUT', '/api/users/me', { language: locale }, token);
    await signInToWorkspace(page, owner.email, owner.password as string);
    await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 15_000 });

    for (const path of SCREENS) {
      await openScreen(page, path);
      await expectNoSeriousA11yViolations(page, `${locale} ${path}`, path === '/wallet-settings' ? [PREVIEW] : []);
    }

    await openScreen(page, '/members');
    await checkDialog(page, text(locale, 'members.add'), `${locale} add member`);
    await page.getByRole('button', { name: '陳大文', exact: true }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${locale} member dialog`, [PREVIEW]);
    await page.keyboard.press('Escape');

    await openScreen(page, '/users');
    await checkDialog(page, text(locale, 'users.add'), `${locale} add user`);
    await openScreen(page, '/memberships');
    await checkDialog(page, text(locale, 'memberships.add'), `${locale} add tier`);
    await openScreen(page, '/rewards');
    await checkDialog(page, text(locale, 'rewards.add'), `${locale} add reward`);
    await openScreen(page, '/branches');
    await checkDialog(page, text(locale, 'branches.add'), `${locale} add branch`);
    await openScreen(page, '/developers');
    await checkDialog(page, text(locale, 'developers.keyAdd'), `${locale} new API key`);
    await checkDialog(page, text(locale, 'developers.webhookAdd'), `${locale} new webhook`);

    // The counter: a member found, a purchase recorded, the refund form open.
    await openScreen(page, '/counter');
    // The business has a branch: the counter first asks where it stands.
    await expect(page.getByRole('form', { name: text(locale, 'counter.branchAsk') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${locale} counter, which branch`);
    await page.getByRole('button', { name: text(locale, 'counter.branchChoose') }).click();
    const find = page.getByRole('textbox', { name: text(locale, 'counter.find') });
    await find.fill(member.membershipCode);
    await find.press('Enter');
    await expect(page.getByRole('region', { name: '陳大文' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${locale} counter, member found`);
    const purchase = page.getByRole('form', { name: text(locale, 'counter.recordPurchase') });
    await purchase.getByRole('textbox', { name: text(locale, 'counter.amount') }).fill('20');
    await purchase.getByRole('button', { name: text(locale, 'counter.recordPurchase') }).click();
    const recorded = page.getByRole('region', { name: text(locale, 'counter.purchaseDone') });
    await recorded.getByRole('button', { name: text(locale, 'members.refund') }).click();
    await expect(recorded.getByRole('form', { name: text(locale, 'members.refund') })).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${locale} counter, refund form`);
    await screenshot(page, `a11y/counter-refund-${locale}`, true);

    // Edit Profile, from the user menu in the sidebar.
    await page.locator('button[aria-haspopup="menu"]').filter({ hasText: owner.lastName }).first().click();
    await page.getByRole('menuitem', { name: text(locale, 'nav.editProfile') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${locale} edit profile`);
    await page.keyboard.press('Escape');

    await openScreen(page, '/activity');
    await screenshot(page, `a11y/activity-${locale}`, true);
  });
}

/** The customer joins on a phone (the SMS code from the emulator) and lands on the card. */
async function joinOnPhone(page: Page, slug: string) {
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
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByLabel('First name').fill('美玲');
  await page.getByLabel('Last name').fill('黃');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/card/${slug}$`));
}

test('axe: sign-in, registration, the join page and the card page in the three languages', async ({ browser }) => {
  test.setTimeout(300_000);
  const { token, slug } = await businessWithEverything();
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const card = await phone.newPage();
  await joinOnPhone(card, slug);
  const members = await call('GET', '/api/tenants/member?page=0&size=20&search=%E9%BB%83', undefined, token);
  const joined = members.content[0];
  await call('POST', `/api/tenants/member/${joined.userId}/transactions`, { type: 'PURCHASE', amount: 15 }, token);

  for (const locale of LOCALES) {
    await card.evaluate((language) => localStorage.setItem('language', language), locale);
    await card.reload();
    await expect(card.getByRole('heading', { level: 1, name: '黃美玲' })).toBeVisible();
    await expect(card.locator('html')).toHaveAttribute('lang', locale);
    await expectNoSeriousA11yViolations(card, `${locale} card page`);
    await screenshot(card, `a11y/card-${locale}`, true);
  }
  await phone.close();

  for (const locale of LOCALES) {
    const context = await browser.newContext();
    await context.addInitScript((language) => localStorage.setItem('language', language), locale);
    const page = await context.newPage();
    for (const path of ['/login', '/register', `/join/${slug}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectNoSeriousA11yViolations(page, `${locale} ${path}`);
    }
    await context.close();
  }
});
