import { expect, test } from '@playwright/test';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace } from './users-support';

test('Developers: an API key shown once, then listed by prefix; a webhook with its signing secret shown once', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Developers' }).click();
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'New API key' }).click();
  const keyDialog = page.getByRole('dialog', { name: 'New API key', exact: true });
  await keyDialog.getByRole('textbox', { name: 'Name' }).fill('Front till');
  await keyDialog.getByRole('checkbox', { name: /members:read/ }).check();
  await keyDialog.getByRole('checkbox', { name: /transactions:write/ }).check();
  await keyDialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByRole('textbox', { name: 'Secret' }).inputValue();
  expect(key).toMatch(/^lpk_[0-9a-f]{16}_/);
  await expect(keyDialog).toBeHidden();
  await screenshot(page, 'developers-key-shown-once');
  await shown.getByRole('button', { name: 'I have saved it' }).click();

  // The key works as a bearer on what its scopes allow, and not on the team's users.
  const members = await fetch(new URL('/api/tenants/member', page.url()), {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(members.status).toBe(200);
  const users = await fetch(new URL('/api/tenants/users', page.url()), { headers: { authorization: `Bearer ${key}` } });
  expect(users.status).toBe(403);

  await page.getByRole('button', { name: 'New webhook' }).click();
  const hookDialog = page.getByRole('dialog', { name: 'New webhook', exact: true });
  await hookDialog.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/loyalty');
  await hookDialog.getByRole('checkbox', { name: 'points.earned' }).check();
  await hookDialog.getByRole('checkbox', { name: 'tier.changed' }).check();
  await hookDialog.getByRole('button', { name: 'Create webhook' }).click();
  const secret = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(secret.getByRole('textbox', { name: 'Secret' })).toHaveValue(/^whsec_/);
  await secret.getByRole('button', { name: 'I have saved it' }).click();

  await expect(page.getByRole('region', { name: 'API keys table' }).getByText('Front till')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Webhooks table' }).getByText('http://127.0.0.1:9/loyalty'),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'developers');
  await screenshot(page, 'developers');
});
