import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot } from './support';
import { registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

test('a purchase is refunded from the member’s history; the limits are on point settings; the counter refuses beyond them in the staff member’s language', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call(
    'POST',
    '/api/points-conversion',
    { ...TEN_POINTS_A_DOLLAR, refundWindowDays: 30, maxPointsPerPurchase: 1000 },
    token,
  );
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  // A purchase from the business's till system, with its order and a note (docs/design.md §9): shown where staff look.
  await call(
    'POST',
    `/api/tenants/member/${member.userId}/transactions`,
    { type: 'PURCHASE', amount: 40, orderId: 'A-1001', note: 'Gift wrap' },
    token,
  );
  await signInToWorkspace(page, owner.email, owner.password as string);

  await page.goto('/members');
  await page
    .getByRole('row', { name: /Mia Chen/ })
    .getByRole('button', { name: 'Mia Chen', exact: true })
    .click();
  const detail = page.getByRole('dialog', { name: 'Mia Chen' });
  const ledger = detail.getByRole('region', { name: 'Points history table' });
  const purchaseRow = ledger.getByRole('row').nth(1);
  await expect(purchaseRow).toContainText('Order A-1001');
  await expect(purchaseRow).toContainText('Gift wrap');
  await ledger.getByRole('button', { name: 'Refund' }).click();
  await expect(detail.getByText('Refund of order A-1001')).toBeVisible();
  const amount = detail.getByLabel('Amount to refund ($)');
  await expect(amount).toHaveValue('40');
  await expect(detail.getByText('Up to $40.00 can still be refunded')).toBeVisible();
  await amount.fill('15');
  // Before it is recorded: the points it takes back (400 × 15 / 40) and the balance after.
  await expect(detail.getByText('Takes back 150 points; balance after: 250')).toBeVisible();
  await detail.getByRole('button', { name: 'Record refund' }).click();
  await expect(ledger.getByRole('row').nth(1)).toContainText('Refund');
  await expect(ledger.getByRole('row').nth(1)).toContainText('-150');
  // The refund names the order it gave back; the purchase keeps its order and note.
  await expect(ledger.getByRole('row').nth(1)).toContainText('Order A-1001');
  await expect(ledger.getByRole('row').nth(2)).toContainText('Gift wrap');
  await screenshot(page, 'refunds/member-history-en');
  await page.keyboard.press('Escape');

  await page.goto('/point-settings');
  await expect(page.getByLabel('Refund Window (days)')).toHaveValue('30');
  await expect(page.getByLabel('Most Points per Purchase')).toHaveValue('1000');
  await screenshot(page, 'refunds/point-settings-en', true);

  await chooseLanguage(page, `${owner.firstName} ${owner.lastName}`, '繁體中文');
  await expect(page.getByLabel('退款期限（天）')).toHaveValue('30');
  await screenshot(page, 'refunds/point-settings-zh-Hant', true);

  await page.goto('/members');
  await page
    .getByRole('row', { name: /Mia Chen/ })
    .getByRole('button', { name: 'Mia Chen', exact: true })
    .click();
  const detailZh = page.getByRole('dialog', { name: 'Mia Chen' });
  const ledgerZh = detailZh.getByRole('region', { name: '積分記錄表' });
  await expect(ledgerZh.getByRole('row').nth(1)).toContainText('訂單 A-1001');
  await ledgerZh.getByRole('button', { name: '退款' }).click();
  await expect(detailZh.getByText('訂單 A-1001 的退款')).toBeVisible();
  await expect(detailZh.getByText('尚可退款最多 $25.00')).toBeVisible();
  await expect(detailZh.getByText('扣回 250 分；退款後結餘：0')).toBeVisible();
  await screenshot(page, 'refunds/member-history-zh-Hant');
  await page.keyboard.press('Escape');

  await page.goto('/counter');
  const find = page.getByRole('textbox', { name: '會員編號、電話或姓名' });
  await find.fill(member.membershipCode);
  await find.press('Enter');
  await page.getByRole('textbox', { name: '金額（$）' }).fill('100.10');
  await page.getByRole('button', { name: '記錄消費' }).click();
  await expect(page.getByRole('alert')).toHaveText('每筆消費最多可賺取 1,000 積分。');
  await screenshot(page, 'refunds/counter-limit-zh-Hant');
});
