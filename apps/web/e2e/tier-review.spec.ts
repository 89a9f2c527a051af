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

const tier = (name: string, nameZh: string, min: number, max: number | null, color: string) => ({
  name,
  nameZh,
  color,
  minSpendAmount: min,
  maxSpendAmount: max,
  discountPercentage: 0,
  benefits: [],
  benefitsZh: [],
  benefitsCn: [],
  isActive: true,
});

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

test('the owner sets the tier policy with a live preview; the member dialog and the counter show what keeps the tier', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  await call('POST', '/api/memberships', tier('Basic', '基本', 0, 500, '#9ca3af'), token);
  await call('POST', '/api/memberships', tier('Silver', '銀卡', 500, 2000, '#94a3b8'), token);
  await call('POST', '/api/memberships', tier('Gold', '金卡', 2000, null, '#eab308'), token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 2500 }, token);
  await signInToWorkspace(page, owner.email, owner.password as string);

  await page.goto('/memberships');
  const policy = page.getByRole('form', { name: 'Tier review' });
  await expect(policy.getByLabel('Spend counted')).toHaveValue('LIFETIME');
  const preview = policy.getByTestId('tier-policy-preview');
  await expect(preview).toContainText('0 members move up, 0 move down on');
  // A calendar year, one step down: Mia's spend this year keeps Gold; nobody moves.
  await policy.getByLabel('Spend counted').selectOption('CALENDAR_YEAR');
  await policy.getByLabel('When spend falls short').selectOption('ONE_STEP');
  await policy.getByLabel('Grace period (days)').fill('30');
  await expect(preview).toContainText('0 members move up, 0 move down on');
  // Rolling over 24 months keeps her too; the preview asks the server each time.
  await policy.getByLabel('Spend counted').selectOption('ROLLING_MONTHS');
  await policy.getByLabel('Months counted').fill('');
  await expect(policy.getByText('Months must be a whole number from 1 to 60')).toBeVisible();
  await policy.getByLabel('Months counted').fill('24');
  await expect(preview).toContainText('0 members move up, 0 move down on');
  await screenshot(page, 'tier-policy-en', true);
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Tier policy saved', { exact: true })).toBeVisible();
  await expect
    .poll(async () => (await call('GET', '/api/tenants/tier-policy', undefined, token)).basis)
    .toBe('ROLLING_MONTHS');

  await page.goto('/members');
  await page
    .getByRole('row', { name: /Mia Chen/ })
    .getByRole('button', { name: 'Mia Chen', exact: true })
    .click();
  const detail = page.getByRole('dialog', { name: 'Mia Chen' });
  await expect(detail.getByTestId('tier-review')).toHaveText(/^Next review .+: this level is kept$/);
  await screenshot(page, 'tier-review-member-en');
  await page.keyboard.press('Escape');

  await page.goto('/counter');
  await page.getByRole('textbox', { name: 'Membership code, phone or name' }).fill(member.membershipCode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tier-review')).toHaveText(/^Next review .+: this level is kept$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tier-review-counter-390-en', true);
  await page.setViewportSize({ width: 1280, height: 800 });

  await chooseLanguage(page, `${owner.firstName} ${owner.lastName}`, '繁體中文');
  await page.goto('/memberships');
  const zh = page.getByRole('form', { name: '會員等級評核' });
  await expect(zh.getByLabel('計算的消費')).toHaveValue('ROLLING_MONTHS');
  await expect(zh.getByTestId('tier-policy-preview')).toContainText('0 位會員升級，0 位調低');
  await screenshot(page, 'tier-policy-zh-Hant', true);
  await page.goto('/counter');
  await page.getByRole('textbox', { name: '會員編號、電話或姓名' }).fill(member.membershipCode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tier-review')).toContainText('將保留此會員等級');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'tier-review-counter-390-zh-Hant', true);
});
