import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E, emulatorBase } from './env';
import { createAccount, signInWithPassword, uniqueEmail } from './support';

/** A Hong Kong mobile number nobody else in the run has (+8529 and 7 random digits). */
export const uniqueHkPhone = () => `+8529${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const identityToolkit = <T>(op: string, body: unknown) =>
  postJson<T>(`${emulatorBase}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=fake-api-key`, body);

/** Links `phone` to the account behind idToken as the browser would; answers the fresh token. */
export async function linkPhone(idToken: string, phone: string): Promise<string> {
  const { sessionInfo } = await identityToolkit<{ sessionInfo: string }>('sendVerificationCode', {
    phoneNumber: phone,
    recaptchaToken: 'ignored-by-emulator',
  });
  const res = await fetch(`${emulatorBase}/emulator/v1/projects/${E2E.projectId}/verificationCodes`);
  const { verificationCodes } = (await res.json()) as { verificationCodes: { sessionInfo: string; code: string }[] };
  const code = verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error(`no SMS code for ${phone}`);
  const linked = await identityToolkit<{ idToken: string }>('signInWithPhoneNumber', { sessionInfo, code, idToken });
  return linked.idToken;
}

/** The same `sub` the web app's emulator chooser derives from an e-mail (lib/auth.ts), so both meet. */
function emulatorGoogleSub(email: string): string {
  let hash = 0;
  for (const char of email.trim().toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `emulator-${hash}`;
}

async function createGoogleAccount(email: string, name: string): Promise<{ idToken: string }> {
  const claims = { sub: emulatorGoogleSub(email), email, email_verified: true, name };
  return identityToolkit('signInWithIdp', {
    postBody: `id_token=${encodeURIComponent(JSON.stringify(claims))}&providerId=google.com`,
    requestUri: 'http://localhost',
    returnSecureToken: true,
  });
}

export interface Owner {
  email: string;
  /** Absent for a Google-only account. */
  password?: string;
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * A fresh, active business owner: Firebase account (password or Google), registration through the API,
 * a phone linked in the emulator and activation, as if the registration screens had been used.
 */
export async function registerActiveOwner({ google = false } = {}): Promise<Owner> {
  const tag = randomUUID().slice(0, 6);
  const owner: Owner = {
    email: uniqueEmail(google ? 'google-owner' : 'owner'),
    firstName: 'Ada',
    lastName: `Lovelace${tag}`,
    phone: uniqueHkPhone(),
  };
  let token: string;
  if (google) {
    token = (await createGoogleAccount(owner.email, `${owner.firstName} ${owner.lastName}`)).idToken;
  } else {
    owner.password = `pass-${tag}`;
    token = (await createAccount(owner.email, owner.password)).idToken;
  }
  const { tenantId } = await postJson<{ tenantId: string }>(
    `${E2E.baseURL}/api/onboarding/register`,
    {
      businessName: `Bakery ${tag}`,
      industry: 'Retail & E-commerce',
      email: owner.email,
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: owner.phone,
    },
    token,
  );
  token = await linkPhone(token, owner.phone);
  await postJson(`${E2E.baseURL}/api/onboarding/activate`, { tenantId }, token);
  return owner;
}

/** GET /api/users/me as the owner, with a token of their current password. */
export async function profileOf(email: string, password: string) {
  const { idToken } = await identityToolkit<{ idToken: string }>('signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  const res = await fetch(`${E2E.baseURL}/api/users/me`, { headers: { authorization: `Bearer ${idToken}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { firstName: string; lastName: string; email: string; phone: string };
}

export async function signInAsOwner(page: Page, owner: Owner) {
  if (!owner.password) {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Emulator Google account' });
    await chooser.getByLabel('Email').fill(owner.email);
    await chooser.getByLabel('Name').fill(`${owner.firstName} ${owner.lastName}`);
    await chooser.getByRole('button', { name: 'Continue' }).click();
  } else {
    await signInWithPassword(page, owner.email, owner.password);
  }
  await expect(page.getByText('Total Users')).toBeVisible();
}

/** Opens Edit Profile from the sidebar's user menu (the button is named after the user). */
export async function openEditProfile(page: Page, displayName: string) {
  await page.getByRole('button', { name: displayName }).click();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog.getByLabel('First Name')).toBeVisible();
  return dialog;
}

/** Answers "Confirm Your Identity" with the password (Enter submits). */
export async function confirmIdentity(page: Page, password: string) {
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Identity' });
  await confirm.getByLabel('Password', { exact: true }).fill(password);
  await confirm.getByLabel('Password', { exact: true }).press('Enter');
  await expect(confirm).toBeHidden();
}
