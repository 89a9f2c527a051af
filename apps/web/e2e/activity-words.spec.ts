import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// docs/design.md §10: the activity log names an API key's permissions and a webhook's events in the
// reader's words, and its date filters are typed and picked in the reader's order (11/29/2026, 2026/11/29).

async function call(path: string, body: unknown, token: string): Promise<void> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.text()).toBeLessThan(300);
}

async function switchLanguage(page: Page, owner: string, item: string) {
  await page.getByRole('button', { name: owner }).click();
  await page.getByRole('menuitem', { name: /^(Language|語言|语言)$/ }).click();
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await page.keyboard.press('Escape');
}

const LANGUAGES = [
  {
    locale: 'en',
    item: 'English',
    table: 'Activity table',
    scopes: 'Permissions: — → Read members, Record transactions',
    events: 'Events: — → Points earned, Member added',
    from: 'From',
    choose: 'Choose a date: From',
    day: (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`,
    notExist: 'There is no such day: check the month and the day',
    dayName: /November 29th, 2026.*selected/i,
  },
  {
    locale: 'zh-Hant',
    item: '繁體中文',
    table: '活動記錄表',
    scopes: '權限：— → 讀取會員資料、記錄交易',
    events: '事件：— → 賺取積分、新增會員',
    from: '由',
    choose: '選擇日期：由',
    day: (iso: string) => iso.replaceAll('-', '/'),
    notExist: '沒有這一天，請檢查月份和日期',
    dayName: /2026年11月29日.*已選取/,
  },
  {
    locale: 'zh-Hans',
    item: '简体中文',
    table: '活动记录表',
    scopes: '权限：— → 读取会员资料、记录交易',
    events: '事件：— → 赚取积分、新增会员',
    from: '从',
    choose: '选择日期：从',
    day: (iso: string) => iso.replaceAll('-', '/'),
    notExist: '没有这一天，请检查月份和日期',
    dayName: /2026年11月29日.*已选择/,
  },
] as const;

test('the activity log reads keys and webhooks in words, and its date filter takes and picks days in the reader’s order, in English and Chinese', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('/api/tenants/api-keys', { name: 'Front till', scopes: ['members:read', 'transactions:write'] }, token);
  await call(
    '/api/tenants/webhooks',
    { url: 'http://127.0.0.1:9/loyalty', events: ['points.earned', 'member.created'], enabled: true },
    token,
  );
  const name = `${owner.firstName} ${owner.lastName}`;
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/activity$/);

  for (const language of LANGUAGES) {
    if (language.locale !== 'en') await switchLanguage(page, name, language.item);
    const table = page.getByRole('region', { name: language.table });
    await expect(table.getByRole('listitem').filter({ hasText: language.scopes })).toBeVisible();
    await expect(table.getByRole('listitem').filter({ hasText: language.events })).toBeVisible();
    for (const code of ['members:read', 'transactions:write', 'points.earned', 'member.created']) {
      await expect(table).not.toContainText(code);
    }
    await screenshot(page, `activity-words-${language.locale}`, true);

    // Today typed in the reader's order finds today's events; the field keeps it in that order.
    const today = new Date().toISOString().slice(0, 10);
    const from = page.getByRole('textbox', { name: language.from, exact: true });
    await from.fill(language.day(today));
    await expect(table.getByRole('listitem').filter({ hasText: language.scopes })).toBeVisible();

    // A day that does not exist is refused at the field.
    await from.fill(language.day('2026-02-30'));
    await from.press('Tab');
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(language.notExist)).toBeVisible();

    // The calendar: opened from its labelled button, a day picked with the keyboard.
    await from.fill(language.day('2026-11-29'));
    await page.getByRole('button', { name: language.choose }).click();
    const calendar = page.getByRole('dialog', { name: language.choose });
    await expect(calendar.getByRole('grid')).toBeVisible();
    // The chosen day has the focus, named in full in the reader's language.
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', language.dayName);
    await expectNoSeriousA11yViolations(page, `activity date filter ${language.locale}`);
    await screenshot(page, `activity-date-filter-${language.locale}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(from).toHaveValue(language.day('2026-11-28'));
    await from.fill('');
  }
});
