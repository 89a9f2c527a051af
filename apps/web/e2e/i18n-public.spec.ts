/** docs/design.md §8: the screens before sign-in in each language, switched with their own language select (no reload). */
import { expect, type Page, test } from '@playwright/test';
import { newRegistrant, registerWithPassword } from './registration-support';
import { screenshot } from './support';

const LANGUAGES = [
  { value: 'en', label: 'Language' },
  { value: 'zh-Hant', label: '語言' },
  { value: 'zh-Hans', label: '语言' },
] as const;

/** What each language shows on each screen (a few texts are enough: the component tests check every label). */
const EXPECTED = {
  login: { en: 'Admin Portal', 'zh-Hant': '管理後台', 'zh-Hans': '管理后台' },
  register: { en: 'Register your business', 'zh-Hant': '註冊您的商戶', 'zh-Hans': '注册您的商户' },
  verify: { en: 'Verify Your Phone', 'zh-Hant': '驗證您的電話號碼', 'zh-Hans': '验证您的电话号码' },
} as const;

/** Picks each language in the screen's select, checks the heading and <html lang>, and takes the screenshot. */
async function everyLanguage(page: Page, screen: keyof typeof EXPECTED) {
  // A marker on the window: a reload would drop it.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  // The select is named in the language on screen; the screens start in English and end in English.
  let label: string = LANGUAGES[0].label;
  for (const language of [LANGUAGES[1], LANGUAGES[2], LANGUAGES[0]]) {
    await page.getByRole('combobox', { name: label, exact: true }).selectOption(language.value);
    label = language.label;
    await expect(page.getByRole('heading', { name: EXPECTED[screen][language.value] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language.value);
    await screenshot(page, `i18n/${screen}-${language.value}`, true);
  }
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test('login and registration in English, Traditional and Simplified Chinese', async ({ page }) => {
  await page.goto('/login');
  await everyLanguage(page, 'login');
  await page.goto('/register');
  await everyLanguage(page, 'register');
});

test('phone verification in English, Traditional and Simplified Chinese', async ({ page }) => {
  await registerWithPassword(page, newRegistrant('i18n'));
  await expect(page.getByText('Resend code in', { exact: false })).toBeVisible();
  await everyLanguage(page, 'verify');
  // The choice is kept on this browser: a new visit opens in the last language picked (English, last).
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('zh-Hant');
  await page.reload();
  await expect(page.getByRole('heading', { name: EXPECTED.verify['zh-Hant'] })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
});
