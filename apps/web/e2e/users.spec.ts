import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { latestSmsCode, screenshot, uniquePhoneDigits } from './support';
import {
  addTeamUserViaApi,
  expectNoSeriousA11yViolations,
  openUsers,
  registerActiveOwner,
  signInToWorkspace,
  tokenFor,
} from './users-support';

test('the owner adds a staff user, finds them by search, edits them and deletes them', async ({ page }) => {
  const owner = await registerActiveOwner();
  await signInToWorkspace(page, owner.email, owner.password as string);
  await openUsers(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: owner.email })).toBeVisible();
  await expect(page.getByRole('button', { name: `Edit ${owner.firstName} ${owner.lastName}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Delete ${owner.firstName} ${owner.lastName}` })).toBeDisabled();
  await screenshot(page, 'users-list');
  await expectNoSeriousA11yViolations(page, 'users list');

  // Add user: validation on blur, then the real create.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add user' });
  await add.getByLabel('First name').focus();
  await add.getByLabel('Last name').focus();
  await expect(add.getByText('Required')).toBeVisible();
  const lastName = `Tester${randomUUID().slice(0, 6)}`;
  const email = `staff-${randomUUID().slice(0, 8)}@example.test`;
  await add.getByLabel('First name').fill('Grace');
  await add.getByLabel('Last name').fill(lastName);
  await add.getByLabel('Email').fill(email);
  await add.getByLabel('Phone').fill('12345');
  await add.getByLabel('Phone').blur();
  await expect(add.getByText('Invalid phone (use + country code)')).toBeVisible();
  await add.getByLabel('Phone').fill(`+8529${uniquePhoneDigits().slice(1)}`);
  await add.getByLabel('Role').selectOption('STAFF');
  await add.getByLabel('Password').fill('team-pass-123');
  await screenshot(page, 'users-add-dialog');
  await expectNoSeriousA11yViolations(page, 'add user dialog');
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('User created', { exact: true })).toBeVisible();
  await expect(add).toBeHidden();
  await expect(table.getByRole('cell', { name: email })).toBeVisible();

  // Search (debounced, in the URL).
  await page.getByPlaceholder('Search by name or email').fill(lastName.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`filter=${lastName.toLowerCase()}`));
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Pending Verification' })).toBeVisible();
  await screenshot(page, 'users-search');

  // Edit.
  await page.getByRole('button', { name: `Edit Grace ${lastName}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user' });
  await expect(edit.getByLabel('First name')).toHaveValue('Grace');
  await expect(edit.getByLabel('Status')).toHaveValue('PENDING_VERIFICATION');
  await screenshot(page, 'users-edit-dialog');
  await expectNoSeriousA11yViolations(page, 'edit user dialog');
  await edit.getByLabel('First name').fill('Katherine');
  await edit.getByLabel('Role').selectOption('ADMIN');
  await edit.getByLabel('Status').selectOption('ACTIVE');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated', { exact: true })).toBeVisible();
  const row = table.getByRole('row', { name: new RegExp(lastName) });
  await expect(row.getByRole('cell', { name: 'Katherine', exact: true })).toBeVisible();
  await expect(row.getByText('Admin', { exact: true })).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();

  // Delete, with its confirmation.
  await page.getByRole('button', { name: `Delete Katherine ${lastName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete user?' });
  await expect(
    confirm.getByText('This action cannot be undone. The user will be permanently removed from this tenant.'),
  ).toBeVisible();
  await screenshot(page, 'users-delete-confirm');
  await expectNoSeriousA11yViolations(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No users match your search')).toBeVisible();
  await screenshot(page, 'users-after-delete');
});

test('a new staff user verifies a phone by SMS at first sign-in and sees the list without write buttons', async ({
  browser,
}) => {
  const owner = await registerActiveOwner();
  const ownerToken = await tokenFor(owner.email, owner.password as string);
  const staff = await addTeamUserViaApi(ownerToken, 'STAFF', `Staffer${randomUUID().slice(0, 6)}`);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/register\/verify/);
  await expect(page.getByRole('heading', { name: 'Phone Verification Required' })).toBeVisible();
  const digits = uniquePhoneDigits();
  await page.getByLabel('Phone number').fill(digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
  await page.getByLabel('Verification code').fill(await latestSmsCode(`+852${digits}`));
  await expect(page.getByRole('link', { name: 'Users' })).toBeVisible({ timeout: 15_000 });

  await openUsers(page);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: staff.email })).toBeVisible();
  await expect(table.getByRole('cell', { name: owner.email })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(staff.lastName) }).getByText('Active')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await screenshot(page, 'users-staff-view');
  await expectNoSeriousA11yViolations(page, 'users list as staff');
  await context.close();
});

test('below 768 px the list is a column of cards', async ({ browser }) => {
  const owner = await registerActiveOwner();
  const ownerToken = await tokenFor(owner.email, owner.password as string);
  const staff = await addTeamUserViaApi(ownerToken, 'STAFF', `Mobile${randomUUID().slice(0, 6)}`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password as string);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await page.goto('/users');
  const cards = page.getByRole('list', { name: 'Users' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = cards.getByRole('listitem').filter({ hasText: staff.email });
  await expect(card.getByText(`Sam ${staff.lastName}`)).toBeVisible();
  await expect(card.getByText('Pending Verification')).toBeVisible();
  await expect(card.getByText('Staff', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Delete Sam ${staff.lastName}` })).toBeEnabled();
  // Nothing sticks out sideways: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'users-mobile', true);
  await expectNoSeriousA11yViolations(page, 'users mobile');
  await context.close();
});
