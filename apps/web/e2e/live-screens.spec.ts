import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { screenshot } from './support';
import { registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// What staff see follows the data (open screens hear every change, docs/architecture.md). Changes made in
// another browser (here: through the API with the
// owner's token) reach the open workspace through its change events, within a few seconds, with no reload.
const BOUND = { timeout: 5_000 };

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

test('the dashboard follows purchases and new users made elsewhere, on screen and on navigating back, without a reload', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const password = owner.password as string;
  const token = await tokenFor(owner.email, password);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 1.2 }, token);

  await signInToWorkspace(page, owner.email, password);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('12');
  await expect(page.getByTestId('metric-Total Users')).toHaveText('1');

  // On screen: a purchase recorded elsewhere shows while the dashboard is open.
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 2 }, token);
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('32', BOUND);
  await expect(page.getByTestId('metric-Points Outstanding')).toHaveText('32', BOUND);

  // Away and back: what changed meanwhile is there when the dashboard opens again.
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(page.getByText('Mia')).toBeVisible();
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 1 }, token);
  await call(
    'POST',
    '/api/tenants/users',
    {
      firstName: 'Ken',
      lastName: 'Ho',
      email: `ken-${randomUUID().slice(0, 8)}@example.test`,
      phone: uniqueHkPhone(),
      role: 'staff',
      password: 'Staff-password-1',
    },
    token,
  );
  // The members list on screen follows too (the row's balance).
  await expect(page.getByRole('row', { name: /Mia/ })).toContainText('42', BOUND);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('42', BOUND);
  await expect(page.getByTestId('metric-Total Users')).toHaveText('2', BOUND);
  await screenshot(page, 'dashboard-followed');
});
