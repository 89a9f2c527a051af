import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { registerActiveOwner } from './profile-support';
import { screenshot } from './support';
import { addTeamUserViaApi, signInToWorkspace, tokenFor } from './users-support';

// docs/design.md §8: Users, Members (list, detail, ledger) and Edit Profile in English, Traditional and Simplified
// Chinese, switched from the user menu; screenshots land in .test-data/screenshots/i18n/ to be looked at.

async function api(method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : null;
}

const LANGUAGES = [
  {
    code: 'en',
    item: 'English',
    users: 'Users',
    members: 'Members',
    columns: 'Membership Code',
    history: 'Points history',
    purchase: 'Purchase',
    profile: 'Edit Profile',
    connections: 'Connections',
    dashboard: 'Dashboard',
    points: 'Points Outstanding',
    notFound: 'Page not found',
    noTier: 'No tier: 1',
  },
  {
    code: 'zh-Hant',
    item: '繁體中文',
    users: '使用者',
    members: '會員',
    columns: '會員編號',
    history: '積分記錄',
    purchase: '消費',
    profile: '編輯個人資料',
    connections: '連結帳戶',
    dashboard: '儀表板',
    points: '未兌換積分',
    notFound: '找不到頁面',
    noTier: '沒有等級: 1',
  },
  {
    code: 'zh-Hans',
    item: '简体中文',
    users: '用户',
    members: '会员',
    columns: '会员编号',
    history: '积分记录',
    purchase: '消费',
    profile: '编辑个人资料',
    connections: '关联账户',
    dashboard: '仪表板',
    points: '未兑换积分',
    notFound: '找不到页面',
    noTier: '无等级: 1',
  },
] as const;

async function switchLanguage(page: Page, owner: string, item: string) {
  await page.getByRole('button', { name: owner }).click();
  await page.getByRole('menuitem', { name: /^(Language|語言|语言)$/ }).click();
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await page.keyboard.press('Escape');
}

test('Users, Members and Edit Profile read in English, 繁體中文 and 简体中文', async ({ page }) => {
  // A long journey (three languages, or a tier created, shown, edited and deleted with two images): some 40 s
  // alone, past the default 60 s when the run's other worker and the server share the two cores.
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const password = owner.password as string;
  const token = await tokenFor(owner.email, password);
  await api('POST', '/api/points-conversion', token, TEN_POINTS_A_DOLLAR);
  await addTeamUserViaApi(token, 'STAFF', 'Chan');
  const member = await api('POST', '/api/tenants/member', token, { firstName: 'Mia', lastName: 'Chen' });
  await api(
    'POST',
    `/api/tenants/member/${member.userId}/transactions`,
    token,
    { type: 'PURCHASE', amount: 1234.5 },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  const name = `${owner.firstName} ${owner.lastName}`;
  await signInToWorkspace(page, owner.email, password);

  for (const lang of LANGUAGES) {
    await switchLanguage(page, name, lang.item);
    await expect(page.locator('html')).toHaveAttribute('lang', lang.code);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: lang.dashboard, level: 1 })).toBeVisible();
    // The figure's card title (the insights' liability card below names the same figure).
    await expect(page.getByText(lang.points).first()).toBeVisible();
    await expect(page.getByTestId('tier-mix')).toHaveText(lang.noTier);
    await screenshot(page, `i18n/${lang.code}-dashboard`, true);

    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: lang.notFound })).toBeVisible();

    await page.goto('/users');
    await expect(page.getByRole('heading', { name: lang.users, level: 1 })).toBeVisible();
    await expect(page.getByRole('table').getByText('Chan')).toBeVisible();
    await screenshot(page, `i18n/${lang.code}-users`, true);

    await page.goto('/members');
    await expect(page.getByRole('heading', { name: lang.members, level: 1 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: lang.columns })).toBeVisible();
    await expect(page.getByText('12,345')).toBeVisible();
    await screenshot(page, `i18n/${lang.code}-members`, true);

    await page.getByRole('button', { name: 'Mia Chen', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Mia Chen' });
    await expect(detail.getByText(lang.history)).toBeVisible();
    await expect(detail.getByRole('cell', { name: lang.purchase, exact: true })).toBeVisible();
    await expect(detail.getByRole('cell', { name: '$1,234.50' })).toBeVisible();
    await screenshot(page, `i18n/${lang.code}-member-detail`);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    await page.getByRole('button', { name }).click();
    await page.getByRole('menuitem', { name: lang.profile }).click();
    const profile = page.getByRole('dialog', { name: lang.profile });
    await expect(profile.getByRole('tab', { name: lang.connections })).toBeVisible();
    await screenshot(page, `i18n/${lang.code}-profile`);
    await profile.getByRole('tab', { name: lang.connections }).click();
    await screenshot(page, `i18n/${lang.code}-profile-connections`);
    await page.keyboard.press('Escape');
    await expect(profile).toBeHidden();
  }
});
