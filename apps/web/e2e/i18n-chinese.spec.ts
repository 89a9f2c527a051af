import { writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { type Owner, registerActiveOwner, signInAsOwner, uniqueHkPhone } from './profile-support';
import { latestSmsCode, screenshot } from './support';
import { tokenFor } from './users-support';

// docs/design.md §8: a Chinese business in both scripts. A customer 陳大文 joins, buys, and staff open the member list,
// the member's dialog, the poster and the activity log; the screenshots are looked at for English left over.

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
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

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

const SCRIPTS = [
  { locale: 'zh-Hant', name: '繁體中文', members: '會員', next: '再消費 $87.50 可升至 銀卡會員', welcome: '迎新積分' },
  { locale: 'zh-Hans', name: '简体中文', members: '会员', next: '再消费 $87.50 可升至 银卡会员', welcome: '迎新积分' },
] as const;

test('a Chinese business in Traditional and Simplified: names family first, tiers, reasons, poster and activity in Chinese', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner: Owner = await registerActiveOwner();
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

  // The customer joins (in English, as the join test does) with a Chinese name, then reads the card in Chinese.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const phonePage = await phoneContext.newPage();
  await phonePage.goto(`/join/${slug}`);
  await joinWithPhone(phonePage, uniqueHkPhone());
  await expect(phonePage.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await phonePage.getByLabel('First name').fill('大文');
  await phonePage.getByLabel('Last name').fill('陳');
  await phonePage.getByLabel('I accept the terms and conditions').check();
  await phonePage.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(phonePage).toHaveURL(new RegExp(`/card/${slug}$`));
  await expect(phonePage.getByRole('heading', { level: 1, name: '陳大文' })).toBeVisible();

  const members = await call('GET', '/api/tenants/member?page=0&size=20', undefined, token);
  const member = members.content[0];
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 12.5 }, token);

  for (const s of SCRIPTS) {
    await phonePage.evaluate((locale) => localStorage.setItem('language', locale), s.locale);
    await phonePage.reload();
    await expect(phonePage.getByRole('heading', { level: 1, name: '陳大文' })).toBeVisible();
    await expect(phonePage.getByText(s.locale === 'zh-Hant' ? '基本會員' : '基础会员').first()).toBeVisible();
    await screenshot(phonePage, `i18n/chinese-card-${s.locale}`, true);

    // The poster in the script, as the server draws it (no font of the machine's takes part).
    const poster = await fetch(`${E2E.baseURL}/api/tenants/enrolment/poster.png?language=${s.locale}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(poster.status).toBe(200);
    writeFileSync(
      new URL(`../../../.test-data/screenshots/i18n/chinese-poster-${s.locale}.png`, import.meta.url).pathname,
      Buffer.from(await poster.arrayBuffer()),
    );
  }
  await phoneContext.close();

  const page = await browser.newPage();
  await signInAsOwner(page, owner);
  const userName = `${owner.firstName} ${owner.lastName}`;
  for (const s of SCRIPTS) {
    await chooseLanguage(page, userName, s.name);
    await expect(page.locator('html')).toHaveAttribute('lang', s.locale);

    await page.goto('/members');
    const row = page.getByRole('row').filter({ hasText: '陳大文' });
    await expect(row).toBeVisible();
    await expect(row.locator('[data-slot="avatar-fallback"]')).toHaveText('陳');
    await screenshot(page, `i18n/chinese-members-${s.locale}`, true);

    await row.getByRole('button', { name: '陳大文', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(s.next)).toBeVisible();
    await expect(dialog.getByText(s.welcome)).toBeVisible();
    await screenshot(page, `i18n/chinese-member-dialog-${s.locale}`, true);
    await page.keyboard.press('Escape');

    await page.goto('/enrolment');
    await expect(page.getByLabel(s.locale === 'zh-Hant' ? '海報語言' : '海报语言')).toHaveValue(s.locale);
    await expect(page.getByRole('img', { name: /海報|海报/ })).toBeVisible();
    await screenshot(page, `i18n/chinese-enrolment-${s.locale}`, true);

    await page.goto('/activity');
    await expect(
      page.getByRole('region', { name: s.locale === 'zh-Hant' ? '活動記錄表' : '活动记录表' }),
    ).toBeVisible();
    await expect(page.getByText(/名稱|名称/).first()).toBeVisible();
    await screenshot(page, `i18n/chinese-activity-${s.locale}`, true);
  }
});
