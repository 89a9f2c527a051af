/** Steps the registration specs share: a fresh registrant, the form, the code, the dashboard. */
import { expect, type Page } from '@playwright/test';
import { uniqueEmail, uniquePhoneDigits } from './support';

export const PASSWORD = 'registration-pass-1';

export interface Registrant {
  email: string;
  digits: string;
  phone: string;
}

export function newRegistrant(prefix = 'owner'): Registrant {
  const digits = uniquePhoneDigits();
  return { email: uniqueEmail(prefix), digits, phone: `+852${digits}` };
}

export async function fillBusiness(page: Page, who: Registrant, names = { first: 'Olivia', last: 'Owner' }) {
  await page.getByLabel('Business Name').fill('Harbour Coffee');
  await page.getByLabel('Industry').click();
  await page.getByRole('option', { name: 'Hospitality & Tourism' }).click();
  if (await page.getByLabel('Email Address').isEditable()) await page.getByLabel('Email Address').fill(who.email);
  if (await page.getByLabel('First Name').isEditable()) await page.getByLabel('First Name').fill(names.first);
  if (await page.getByLabel('Last Name').isEditable()) await page.getByLabel('Last Name').fill(names.last);
  await page.getByLabel('Contact Phone').fill(who.digits);
}

export async function registerWithPassword(page: Page, who: Registrant) {
  await page.goto('/register');
  await fillBusiness(page, who);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/register\/verify\?tenantId=/);
  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
}

export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
}

export async function expectDashboard(page: Page) {
  await expect(page.getByText('Registration successful!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(page.getByText('Total Users')).toBeVisible();
}
