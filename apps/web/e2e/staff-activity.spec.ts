import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string, key?: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

async function switchLanguage(page: Page, owner: string, item: string) {
  await page.getByRole('button', { name: owner }).click();
  await page.getByRole('menuitem', { name: /^(Language|語言|语言)$/ }).click();
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await page.keyboard.press('Escape');
}

test('Activity → Staff totals: what each team member recorded, as a table and as CSV, in English and Chinese', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  const record = (body: object) =>
    call('POST', `/api/tenants/member/${member.userId}/transactions`, body, token, crypto.randomUUID());
  await record({ type: 'PURCHASE', amount: 12.5 });
  const second = await record({ type: 'PURCHASE', amount: 1234.5 });
  await call('POST', `/api/tenants/member/${member.userId}/transactions/${second.entry.id}/reversal`, {}, token);
  await record({ type: 'REDEEM', points: 100 });
  const name = `${owner.firstName} ${owner.lastName}`;

  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Activity' }).click();
  await page.getByRole('navigation', { name: 'Activity views' }).getByRole('link', { name: 'Staff totals' }).click();
  await expect(page).toHaveURL(/\/activity\/staff$/);
  const table = page.getByRole('region', { name: 'Staff totals table' });
  const row = table.getByRole('row').filter({ hasText: name });
  // Two purchases ($1,247.00, 125 + 12,345 points), a redemption, a reversal, no refund.
  await expect(row.getByRole('cell')).toHaveText([`${name}Owner`, '2', '$1,247.00', '12,470', '1', '1', '0']);
  await expectNoSeriousA11yViolations(page, 'staff totals');
  await screenshot(page, 'staff-activity-en', true);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^staff-activity-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toBe(
    '\uFEFFUser id,Name,Email,Role,Purchases,Amount,Points,Redemptions,Reversals,Refunds',
  );
  expect(csv).toContain(`,${name},${owner.email},owner,2,1247,12470,1,1,0`);

  await switchLanguage(page, name, '繁體中文');
  await expect(page.getByRole('heading', { name: '活動記錄', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '員工統計表' }).getByText('擁有人')).toBeVisible();
  await screenshot(page, 'staff-activity-zh-Hant', true);

  await switchLanguage(page, name, '简体中文');
  await expect(page.getByRole('region', { name: '员工统计表' }).getByText('所有者')).toBeVisible();
  await screenshot(page, 'staff-activity-zh-Hans', true);
});
