import { expect, test } from '@playwright/test';
import { animationsSettled, focusRingContrast } from './a11y-support';
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
  // Collapsed to icons, each item names itself in a tooltip. Their code loads with the first collapse and the
  // items become tooltip triggers then (Radix marks them data-state); the pointer comes over one after that.
  const members = page.getByRole('link', { name: 'Members', exact: true });
  await expect(members).toHaveAttribute('data-state', 'closed');
  await members.hover();
  await expect(page.getByRole('tooltip', { name: 'Members' })).toBeVisible();
  await animationsSettled(page);
  await screenshot(page, 'sidebar-collapsed-tooltip');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
});

test('on a phone the sidebar is a sheet opened from the header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page);
  await expect(page.getByRole('link', { name: 'Members', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('link', { name: 'Members', exact: true })).toBeVisible();
  await animationsSettled(page);
  await screenshot(page, 'sidebar-phone-sheet');
  await sheet.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(sheet).toBeHidden();
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

test('the focus ring reads at 3:1 or more against the page (a field and a button, by keyboard)', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await animationsSettled(page);
  expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await animationsSettled(page);
  const focused = await page.evaluate(() => document.activeElement?.tagName);
  expect(['BUTTON', 'A', 'INPUT']).toContain(focused);
  expect(await focusRingContrast(page)).toBeGreaterThanOrEqual(3);
});
