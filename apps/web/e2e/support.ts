import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E, emulatorBase } from './env';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAsDemo(page: Page) {
  await signInWithPassword(page, E2E.demo.email, E2E.demo.password);
  await expect(page.getByText('Total Users')).toBeVisible();
}

/** The newest SMS code the Auth emulator holds for a phone number (what the terminal prints). */
export async function latestSmsCode(phone: string): Promise<string> {
  const res = await fetch(`${emulatorBase}/emulator/v1/projects/${E2E.projectId}/verificationCodes`);
  const body = (await res.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  const codes = body.verificationCodes.filter((c) => c.phoneNumber === phone);
  const last = codes.at(-1);
  if (!last) throw new Error(`no SMS code for ${phone}`);
  return last.code;
}

/** A real emulator account made over REST, for flows that need one before the browser starts. */
export async function createAccount(email: string, password: string) {
  const res = await fetch(`${emulatorBase}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`signUp failed: ${res.status}`);
  return (await res.json()) as { localId: string; idToken: string };
}

const screenshotDir = new URL('../../../.test-data/screenshots/', import.meta.url).pathname;

/** Screenshots land in .test-data/screenshots, to be looked at after a run. */
export async function screenshot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage });
}

/** A Hong Kong mobile number no other test uses: the emulator refuses a phone linked to another account. */
export const uniquePhoneDigits = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
