import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot, uniquePhoneDigits } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

test('at the counter, keyboard only: scan a code, record a purchase, reverse it; the focus is back for the next customer', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  // The owner works the till here: a new staff account first verifies a phone (profile.spec covers that).
  await signInToWorkspace(page, owner.email, owner.password as string);
  // A phone-sized screen: staff may work the till on their own phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/counter');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
  const find = page.getByRole('textbox', { name: 'Membership code, phone or name' });
  await expect(find).toBeFocused();

  // A USB scanner types the code, here in lower case, then Enter.
  await page.keyboard.type(member.membershipCode.toLowerCase());
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: 'Mia Chen' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('counter-balance')).toHaveText('0');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Amount ($)' })).toBeFocused();
  await page.keyboard.type('12.34');
  await expect(page.getByText('Earns 123 points')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'counter, member found');
  await page.keyboard.press('Enter');

  const recorded = page.getByRole('region', { name: 'Purchase recorded' });
  await expect(recorded.getByTestId('counter-new-balance')).toHaveText('123');
  await expect(panel.getByTestId('counter-balance')).toHaveText('123');
  await expect(find).toBeFocused();
  await screenshot(page, 'counter-purchase');

  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(recorded.getByRole('button', { name: 'Reverse' })).toBeFocused();
  await page.keyboard.press('Enter');
  const reversed = page.getByRole('region', { name: 'Transaction reversed' });
  await expect(reversed.getByTestId('counter-new-balance')).toHaveText('0');
  await expect(panel.getByTestId('counter-balance')).toHaveText('0');
  await expect(find).toBeFocused();

  // The member's history keeps both entries: a reversal is a new entry, never a deletion.
  const history = await call('GET', `/api/tenants/member/${member.userId}/transactions`, undefined, token);
  expect(history.content.map((e: { type: string }) => e.type).sort()).toEqual(['PURCHASE', 'REVERSAL']);
});

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

test('at the counter: found by name from a pick list, a purchase with its order and note, a refund that says what it takes back, below zero too', async ({
  page,
}) => {
  // Two languages, the member dialog and the counter in one journey.
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const phone = `+852${uniquePhoneDigits()}`;
  const may = await call('POST', '/api/tenants/member', { firstName: 'May', lastName: 'Chan', phone }, token);
  await call('POST', '/api/tenants/member', { firstName: 'Anna', lastName: 'Chan' }, token);
  // $20 earned 200 points, 150 of them spent: refunding the $20 later takes the balance below zero.
  const old = await call(
    'POST',
    `/api/tenants/member/${may.userId}/transactions`,
    { type: 'PURCHASE', amount: 20 },
    token,
  );
  await call('POST', `/api/tenants/member/${may.userId}/transactions`, { type: 'REDEEM', points: 150 }, token);
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.goto('/counter');

  const find = page.getByRole('textbox', { name: 'Membership code, phone or name' });
  await find.fill('chan');
  await find.press('Enter');
  const matches = page.getByRole('region', { name: 'Members with this name: pick the one at the till' });
  const mayChoice = matches.getByRole('button', { name: /^May Chan/ });
  await expect(mayChoice).toContainText(may.membershipCode);
  await expect(mayChoice).toContainText(`+8••••••${phone.slice(-4)}`);
  await expect(matches.getByRole('button', { name: /^Anna Chan/ })).toBeVisible();
  await screenshot(page, 'counter/name-pick-en');
  await mayChoice.click();
  const panel = page.getByRole('region', { name: 'May Chan' });
  await expect(panel.getByTestId('counter-balance')).toHaveText('50');

  const purchase = page.getByRole('form', { name: 'Record purchase' });
  await purchase.getByRole('textbox', { name: 'Amount ($)' }).fill('10');
  await purchase.getByRole('textbox', { name: 'Order ID (optional)' }).fill('A-2001');
  await purchase.getByRole('textbox', { name: 'Note (optional)' }).fill('Gift wrap');
  await purchase.getByRole('button', { name: 'Record purchase' }).click();
  const recorded = page.getByRole('region', { name: 'Purchase recorded' });
  await expect(recorded.getByTestId('counter-new-balance')).toHaveText('150');
  await recorded.getByRole('button', { name: 'Refund' }).click();
  const refund = recorded.getByRole('form', { name: 'Refund' });
  await expect(refund.getByText('Refund of order A-2001')).toBeVisible();
  await expect(refund.getByText('Takes back 100 points; balance after: 50')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'counter, refund form');
  await screenshot(page, 'counter/refund-en', true);
  const history = await call('GET', `/api/tenants/member/${may.userId}/transactions`, undefined, token);
  expect(history.content[0]).toMatchObject({ type: 'PURCHASE', orderId: 'A-2001', note: 'Gift wrap' });

  // The older purchase, from the member's history: its points were spent, and the form says so before it is recorded.
  await page.goto('/members');
  await page
    .getByRole('row', { name: /May Chan/ })
    .getByRole('button', { name: 'May Chan', exact: true })
    .click();
  const detail = page.getByRole('dialog', { name: 'May Chan' });
  const ledger = detail.getByRole('region', { name: 'Points history table' });
  await ledger.getByRole('row').filter({ hasText: '$20.00' }).getByRole('button', { name: 'Refund' }).click();
  await expect(detail.getByText('Takes back 200 points; balance after: -50')).toBeVisible();
  await expect(detail.getByText(/the balance goes below zero/)).toBeVisible();
  await detail.getByText(/the balance goes below zero/).scrollIntoViewIfNeeded();
  await screenshot(page, 'counter/refund-below-zero-en');
  await detail.getByRole('button', { name: 'Record refund' }).click();
  await expect(ledger.getByRole('row').nth(1)).toContainText('-200');
  expect(old.entry.points).toBe(200);
  await page.keyboard.press('Escape');

  await chooseLanguage(page, `${owner.firstName} ${owner.lastName}`, '繁體中文');
  await page.goto('/counter');
  const findZh = page.getByRole('textbox', { name: '會員編號、電話或姓名' });
  await findZh.fill(may.membershipCode);
  await findZh.press('Enter');
  await expect(page.getByTestId('counter-balance')).toHaveText('-50');
  await page.getByRole('textbox', { name: '金額（$）' }).fill('1');
  await page.getByRole('button', { name: '記錄消費' }).click();
  await expect(page.getByTestId('counter-new-balance')).toHaveText('-40');
  await page.getByRole('button', { name: '退款' }).click();
  await expect(page.getByText('扣回 10 分；退款後結餘：-50')).toBeVisible();
  await expect(page.getByText(/結餘將低於零/)).toBeVisible();
  await screenshot(page, 'counter/refund-zh-Hant', true);
  await findZh.fill('chan');
  await findZh.press('Enter');
  await expect(page.getByRole('region', { name: '符合此名稱的會員：請選擇櫃檯前的一位' })).toBeVisible();
  await screenshot(page, 'counter/name-pick-zh-Hant');
});
