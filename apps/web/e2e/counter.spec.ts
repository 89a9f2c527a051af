import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot } from './support';
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
  const find = page.getByRole('textbox', { name: 'Membership code or phone' });
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
