import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { screenshot, signInAsDemo, signInWithPassword } from './support';

test('the demo owner signs in and lands in the workspace shell', async ({ page }) => {
  await signInAsDemo(page);
  await expect(page).toHaveURL(`${E2E.baseURL}/`);
  await expect(page.getByText('Admin Portal').first()).toBeVisible();
  for (const item of [
    'Dashboard',
    'Users',
    'Members',
    'Counter',
    'Memberships',
    'Wallet Settings',
    'Point Settings',
    'Store Settings',
    'Activity',
  ]) {
    await expect(page.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  for (const card of ['Total Users', 'Active Memberships', 'Total Points Issued', 'Wallet Cards Active']) {
    await expect(page.getByText(card)).toBeVisible();
  }
  await screenshot(page, 'dashboard', true);
});

test('a wrong password shows the spec message and stays on the login screen', async ({ page }) => {
  await signInWithPassword(page, E2E.demo.email, 'not-the-password');
  await expect(page.getByText('Incorrect password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, 'login-error');
});

test('an unknown e-mail shows "No account found with this email" or the password message', async ({ page }) => {
  await signInWithPassword(page, 'nobody-here@example.test', 'whatever-123');
  // The emulator, like Firebase with e-mail enumeration protection, may answer either code.
  await expect(page.getByText(/No account found with this email|Incorrect password/).first()).toBeVisible();
});

test('Ctrl+B collapses the sidebar and remembers it in the sidebar_state cookie', async ({ page, context }) => {
  await signInAsDemo(page);
  const sidebar = page.locator('[data-slot="sidebar"][data-state]').first();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  await page.reload();
  await expect(page.locator('[data-slot="sidebar"][data-state]').first()).toHaveAttribute('data-state', 'collapsed');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('an unknown path shows the 404 page with a way back', async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/no-such-page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page.getByText('Total Users')).toBeVisible();
});

test('log out clears the session and returns to the login screen', async ({ page }) => {
  await signInAsDemo(page);
  expect(await page.evaluate(() => localStorage.getItem('tenantId'))).toBeTruthy();
  await page.getByRole('button', { name: /Demo Owner/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('tenantId'))).toBeNull();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-out visitor of the workspace is sent to the login screen', async ({ page }) => {
  await page.goto('/members');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Sign in to access the admin dashboard')).toBeVisible();
  await screenshot(page, 'login');
});
