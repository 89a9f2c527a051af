import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { registerActiveOwner, signInAsOwner } from './profile-support';
import { screenshot } from './support';
import { tokenFor } from './users-support';

// docs/design.md §10 Promotions: the dialog shows what a draft would have cost over the last 90 days before Save,
// in English, Traditional and Simplified Chinese.

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

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

const LANGUAGES = [
  { locale: 'en', name: 'English', title: 'Promotions', add: 'Add promotion', extra: 'Extra points', label: 'Name' },
  { locale: 'zh-Hant', name: '繁體中文', title: '推廣活動', add: '新增推廣活動', extra: '額外積分', label: '名稱' },
  { locale: 'zh-Hans', name: '简体中文', title: '促销活动', add: '新增促销活动', extra: '额外积分', label: '名称' },
] as const;

test('a promotion with its simulation before Save, in three languages; saved, it doubles the next purchase', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // Tall enough for the whole dialog, its simulation included, in one screenshot.
  await page.setViewportSize({ width: 1280, height: 1300 });
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  // Three purchases: $12.50, $40, $100 → 125 + 400 + 1,000 base points.
  for (const amount of [12.5, 40, 100]) {
    await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount }, token);
  }
  await signInAsOwner(page, owner);
  const userName = `${owner.firstName} ${owner.lastName}`;

  for (const l of LANGUAGES) {
    if (l.locale !== 'en') {
      await chooseLanguage(page, userName, l.name);
      await expect(page.locator('html')).toHaveAttribute('lang', l.locale);
    }
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { name: l.title, exact: true })).toBeVisible();
    await page.getByRole('button', { name: l.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(l.label, { exact: true }).fill('Double points');
    // Double points on every purchase: 1,525 extra points over the last 90 days, $15.25 at the redeem rate.
    await expect(dialog.getByText('1,525', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator('dt', { hasText: l.extra })).toBeVisible();
    await expect(dialog.getByText('$15.25')).toBeVisible();
    // A bad factor is refused at its field, in the reader's language.
    await dialog.locator('#promotion-factor').fill('11');
    await dialog.locator('#promotion-factor').blur();
    await expect(dialog.locator('#promotion-factor-error')).toBeVisible();
    await screenshot(page, `promotions/dialog-error-${l.locale}`, true);
    await dialog.locator('#promotion-factor').fill('2');
    await expect(dialog.locator('#promotion-factor-error')).toBeHidden();
    await expect(dialog.getByText('1,525', { exact: true })).toBeVisible({ timeout: 15_000 });
    await screenshot(page, `promotions/dialog-${l.locale}`, true);
    if (l.locale !== 'zh-Hans') {
      await page.keyboard.press('Escape');
      continue;
    }
    await dialog.getByRole('button', { name: '新增促销活动' }).click();
    await expect(page.getByRole('cell', { name: /Double points/ })).toBeVisible();
    await screenshot(page, `promotions/list-${l.locale}`, true);
  }
  // At the counter, before Record: what a purchase would earn with the promotion, in the reader's language.
  for (const l of [LANGUAGES[2], LANGUAGES[0]]) {
    if (l.locale === 'en') {
      await chooseLanguage(page, userName, l.name);
      await expect(page.locator('html')).toHaveAttribute('lang', l.locale);
    }
    await page.goto('/counter');
    await page.locator('#counter-find').fill(member.membershipCode);
    await page.locator('#counter-find').press('Enter');
    await page.locator('#counter-purchase').fill('10');
    // 100 base points, doubled: 200.
    const preview = page.locator('#counter-purchase-preview');
    await expect(preview.getByText(l.locale === 'en' ? 'Earns 200 points' : '可赚取 200 分')).toBeVisible();
    await expect(preview.getByText(l.locale === 'en' ? 'Double points: +100' : 'Double points：+100')).toBeVisible();
    await screenshot(page, `promotions/counter-preview-${l.locale}`, true);
  }
  // Saved and active: the next purchase earns double, recorded per promotion.
  const done = await call(
    'POST',
    `/api/tenants/member/${member.userId}/transactions`,
    { type: 'PURCHASE', amount: 10 },
    token,
  );
  expect(done.entry).toMatchObject({ points: 200, basePoints: 100 });
});
