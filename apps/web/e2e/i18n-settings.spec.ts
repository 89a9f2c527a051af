import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { registerActiveOwner, signInAsOwner } from './profile-support';
import { screenshot } from './support';
import { tokenFor } from './users-support';

async function post(path: string, body: unknown, token: string) {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

/** The language of the user menu (Language → 繁體中文 / 简体中文 / English), as a user switches it. */
async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

const LANGUAGES = [
  {
    locale: 'en',
    name: 'English',
    memberships: 'Memberships',
    tier: 'Jade',
    point: 'Point Settings',
    store: 'Store Settings',
    wallet: 'Wallet Settings',
    add: 'Add Membership',
    create: 'Create Membership',
  },
  {
    locale: 'zh-Hant',
    name: '繁體中文',
    memberships: '會員等級',
    tier: '翡翠會員',
    point: '積分設定',
    store: '商店設定',
    wallet: '電子錢包設定',
    add: '新增會員等級',
    create: '建立會員等級',
  },
  {
    locale: 'zh-Hans',
    name: '简体中文',
    memberships: '会员等级',
    tier: '翡翠会员',
    point: '积分设置',
    store: '商店设置',
    wallet: '电子钱包设置',
    add: '添加会员等级',
    create: '创建会员等级',
  },
] as const;

test('memberships and the three settings screens in English, Traditional and Simplified Chinese', async ({ page }) => {
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await post(
    '/api/memberships',
    {
      name: 'Jade',
      nameZh: '翡翠會員',
      nameCn: '翡翠会员',
      description: 'Our most loyal customers',
      descriptionZh: '最忠實的顧客',
      descriptionCn: '最忠实的顾客',
      color: '#0f766e',
      minSpendAmount: 1000,
      maxSpendAmount: 4999.99,
      discountPercentage: 12.5,
      benefits: ['Free coffee', 'Birthday gift', 'Priority queue', 'Lounge access'],
      isActive: true,
      sortOrder: 1,
    },
    token,
  );
  await post(
    '/api/points-conversion',
    {
      earnRateAmount: 10,
      earnRatePoints: 100,
      redeemRatePoints: 100,
      redeemRateAmount: 1,
      minimumRedemption: null,
      maximumRedemption: null,
      expiryType: 'DAYS',
      pointsExpiryDays: 365,
      pointsExpiryDate: null,
      isActive: true,
      description: '',
    },
    token,
  );
  await signInAsOwner(page, owner);
  const userName = `${owner.firstName} ${owner.lastName}`;

  for (const l of LANGUAGES) {
    if (l.locale !== 'en') {
      await chooseLanguage(page, userName, l.name);
      await expect(page.locator('html')).toHaveAttribute('lang', l.locale);
    }
    await page.goto('/memberships');
    await expect(page.getByRole('heading', { name: l.memberships, exact: true })).toBeVisible();
    await expect(page.getByRole('article', { name: l.tier })).toBeVisible();
    await screenshot(page, `i18n/memberships-${l.locale}`, true);
    await page.getByRole('button', { name: l.add }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: l.create })).toBeVisible();
    await screenshot(page, `i18n/membership-form-${l.locale}`);
    await page.keyboard.press('Escape');

    await page.goto('/point-settings');
    await expect(page.getByRole('heading', { name: l.point, exact: true })).toBeVisible();
    await expect(page.locator('#earn-summary')).toContainText('$10.00');
    await screenshot(page, `i18n/point-settings-${l.locale}`, true);

    await page.goto('/store-settings');
    await expect(page.getByRole('heading', { name: l.store, exact: true })).toBeVisible();
    await screenshot(page, `i18n/store-settings-${l.locale}`, true);

    await page.goto('/wallet-settings');
    await expect(page.getByRole('heading', { name: l.wallet, exact: true })).toBeVisible();
    await expect(page.getByTestId('pass-points')).toContainText('1,250');
    await screenshot(page, `i18n/wallet-settings-${l.locale}`, true);
  }
});
