import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
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

test('at the counter, a failed search or a changed find field leaves no member to record a purchase for', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.goto('/counter');
  const find = page.getByRole('textbox', { name: 'Membership code, phone or name' });
  await expect(find).toBeFocused();
  const panel = page.getByRole('region', { name: 'Mia Chen' });
  const record = page.getByRole('button', { name: 'Record purchase' });

  // The first customer is found…
  await page.keyboard.type(member.membershipCode);
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(record).toBeVisible();

  // …then the next customer's card is not known: nobody is on screen any more, nothing can be recorded.
  await page.keyboard.type('NOBODY');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('No member with the code, phone or name “NOBODY”');
  await expect(panel).toBeHidden();
  await expect(record).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Amount ($)' })).toHaveCount(0);
  await expect(find).toBeFocused();

  // Found again, then the field changes: the member goes at the first key, before any search.
  await page.keyboard.type(member.membershipCode);
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.type('9');
  await expect(panel).toBeHidden();
  await expect(record).toHaveCount(0);

  const history = await call('GET', `/api/tenants/member/${member.userId}/transactions`, undefined, token);
  expect(history.content).toEqual([]);
});
