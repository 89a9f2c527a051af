/** Steps the users specs share: a fresh business over the API, its owner's token, team users, sign-in. */
import { expect, type Page } from '@playwright/test';
import { E2E, emulatorBase } from './env';
import { linkPhone, registerActiveOwner, uniqueHkPhone } from './profile-support';
import { signInWithPassword, uniqueEmail } from './support';

export { expectNoSeriousA11yViolations } from './a11y-support';
export { registerActiveOwner };

async function call<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** An ID token for e-mail and password, straight from the emulator. */
export async function tokenFor(email: string, password: string): Promise<string> {
  const { idToken } = await call<{ idToken: string }>(
    'POST',
    `${emulatorBase}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    { email, password, returnSecureToken: true },
  );
  return idToken;
}

export type TeamUser = { firstName: string; lastName: string; email: string; password: string };

/** POST /api/tenants/users as the owner: a pending team user who signs in with this password. */
export async function addTeamUserViaApi(ownerToken: string, role: 'ADMIN' | 'STAFF', lastName: string) {
  const user: TeamUser = { firstName: 'Sam', lastName, email: uniqueEmail('staff'), password: 'team-pass-123' };
  await call('POST', `${E2E.baseURL}/api/tenants/users`, { ...user, phone: '+85290000000', role }, ownerToken);
  return user;
}

/**
 * Signs in and waits for the workspace, in any language, role and width: the sign-in screen has gone and the first
 * screen's heading is drawn. A navigation any sooner cancels the sign-in, and every screen after it is the sign-in
 * page.
 */
export async function signInToWorkspace(page: Page, email: string, password: string) {
  await signInWithPassword(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
}

export async function openUsers(page: Page) {
  await page.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Page \d+ of \d+$/)).toBeVisible();
}

/** axe-core on what is on screen: no serious or critical violation. */

/**
 * A team user who has already verified a phone (the first sign-in's SMS step, which users.spec covers, done over
 * the emulator's REST): ACTIVE, so a browser signs straight in to the workspace.
 */
export async function activeTeamUserViaApi(ownerToken: string, role: 'ADMIN' | 'STAFF', lastName: string) {
  const user = await addTeamUserViaApi(ownerToken, role, lastName);
  const me = await fetch(`${E2E.baseURL}/api/members/me`, { headers: { authorization: `Bearer ${ownerToken}` } });
  const { tenantId } = (await me.json()) as { tenantId: string };
  const token = await linkPhone(await tokenFor(user.email, user.password), uniqueHkPhone());
  await call('POST', `${E2E.baseURL}/api/onboarding/activate`, { tenantId }, token);
  return user;
}
