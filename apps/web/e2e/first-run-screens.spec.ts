import { expect, test } from '@playwright/test';
import { registerActiveOwner, signInAsOwner } from './profile-support';
import { screenshot } from './support';

// docs/design.md §9: the store and wallet screens of a new business (drawn images offered, what Save still waits for, the
// business profile), in English and Chinese, for the eye.
test('a new business’s store and wallet screens offer drawn images and say what Save still needs', async ({ page }) => {
  const owner = await registerActiveOwner();
  await signInAsOwner(page, owner);
  await page.goto('/store-settings');
  await expect(page.getByRole('button', { name: 'Draw my images' })).toBeVisible();
  await expect(page.getByText('Still missing: Store Logo, Background Image')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveText('Hong Kong Standard Time');
  await screenshot(page, 'first-run-store-en', true);

  await page.evaluate(() => localStorage.setItem('language', 'zh-Hant'));
  await page.reload();
  await expect(page.getByRole('button', { name: '為我繪製圖片' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '商戶資料' })).toBeVisible();
  await screenshot(page, 'first-run-store-zh-Hant', true);

  await page.evaluate(() => localStorage.setItem('language', 'zh-Hans'));
  await page.goto('/wallet-settings');
  await expect(page.getByRole('button', { name: '为我绘制图片' })).toBeVisible();
  await expect(page.getByText(/尚缺：/)).toBeVisible();
  await screenshot(page, 'first-run-wallet-zh-Hans', true);
});
