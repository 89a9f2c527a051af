import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot } from './support';
import {
  activeTeamUserViaApi,
  expectNoSeriousA11yViolations,
  registerActiveOwner,
  signInToWorkspace,
  tokenFor,
} from './users-support';

// docs/design.md §10 "Branches": an owner sets up two shops, binds a staff user to one, the staff user's
// counter asks where it stands and records there, and the reports and staff totals split by branch. The owner, the
// member and the staff user are seeded over the API (registration, members and first sign-in have specs of their own).

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

/** Adds a branch through the Branches screen's dialog. */
async function addBranch(page: Page, fields: Record<string, string>) {
  await page.getByRole('button', { name: 'Add branch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add branch' });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole('button', { name: 'Add branch' }).click();
  await expect(dialog).toBeHidden();
}

async function staffSignsIn(browser: Browser, email: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await signInToWorkspace(page, email, password);
  return page;
}

test('two branches, a staff user bound to one records a purchase there; the reports split by branch; a branch in use is not deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  const staff = await activeTeamUserViaApi(token, 'STAFF', `Barista${crypto.randomUUID().slice(0, 6)}`);
  const staffName = `${staff.firstName} ${staff.lastName}`;

  // The owner: no branches yet, the business records as one shop.
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Branches' }).click();
  await expect(page.getByRole('heading', { name: 'Branches', level: 1 })).toBeVisible();
  await expect(page.getByText('No branches yet: the business records as one shop')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'branches, none yet');

  // Coordinates that do not read as a point are refused at their field, and nothing is saved.
  await page.getByRole('button', { name: 'Add branch' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add branch' });
  await dialog.getByLabel('Name', { exact: true }).fill('Central');
  await dialog.getByLabel('Coordinates', { exact: true }).fill('near the ferry pier');
  await dialog.getByRole('button', { name: 'Add branch' }).click();
  await expect(dialog.locator('#branch-coordinates-error')).toHaveText(
    'Type or paste the coordinates as latitude, longitude: 22.28, 114.15',
  );
  await expect(dialog.getByLabel('Coordinates', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'branch dialog with an error');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await call('GET', '/api/tenants/branches', undefined, token)).content).toEqual([]);

  await addBranch(page, {
    Name: 'Central',
    'Name (Traditional Chinese)': '中環',
    'Name (Simplified Chinese)': '中环',
    Coordinates: '22.2819, 114.1582',
  });
  await addBranch(page, { Name: 'Mongkok' });
  const table = page.getByRole('region', { name: 'Branches' });
  await expect(table.getByRole('row').filter({ hasText: 'Central' })).toContainText('22.2819, 114.1582');
  await expect(table.getByRole('row').filter({ hasText: 'Mongkok' })).toContainText('Not on the map');

  // Edited: the name put right and an address added.
  await table.getByRole('button', { name: 'Edit Mongkok' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit branch' });
  await edit.getByLabel('Name', { exact: true }).fill('Mong Kok');
  await edit.getByLabel('Address', { exact: true }).fill('1 Nathan Road');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('row').filter({ hasText: 'Mong Kok' })).toContainText('1 Nathan Road');
  await expectNoSeriousA11yViolations(page, 'branches, two');

  // The staff user records at Central only.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: `Edit ${staffName}` }).click();
  const userDialog = page.getByRole('dialog', { name: 'Edit user' });
  const branchBoxes = userDialog.getByRole('group', { name: 'Branches' });
  await expect(branchBoxes.getByRole('checkbox')).toHaveCount(2);
  await branchBoxes.getByRole('checkbox', { name: 'Central' }).check();
  await userDialog.getByRole('button', { name: 'Save' }).click();
  await expect(userDialog).toBeHidden();
  const users = await call('GET', '/api/tenants/users?size=10', undefined, token);
  const central = (await call('GET', '/api/tenants/branches', undefined, token)).content.find(
    (b: { name: string }) => b.name === 'Central',
  );
  expect(users.content.find((u: { email: string }) => u.email === staff.email).branchIds).toEqual([central.id]);

  // Meanwhile the owner's Branches screen is open, Central not yet used: Delete is still offered there.
  await page.getByRole('link', { name: 'Branches' }).click();
  await expect(table.getByRole('button', { name: 'Delete Central' })).toBeVisible();

  // The staff user's counter asks once where it stands, then records there.
  const till = await staffSignsIn(browser, staff.email, staff.password);
  await till.goto('/counter');
  const question = till.getByRole('form', { name: 'Which branch is this counter at?' });
  await expect(question).toBeVisible();
  await expect(till.getByRole('textbox', { name: 'Membership code, phone or name' })).toHaveCount(0);
  await question.getByLabel('Which branch is this counter at?').selectOption({ label: 'Central' });
  await question.getByRole('button', { name: 'Use this branch' }).click();
  await expect(till.getByText('At Central')).toBeVisible();
  const find = till.getByRole('textbox', { name: 'Membership code, phone or name' });
  await find.fill(member.membershipCode);
  await find.press('Enter');
  await expect(till.getByRole('region', { name: 'Mia Chen' })).toBeVisible();
  const purchase = till.getByRole('form', { name: 'Record purchase' });
  await purchase.getByRole('textbox', { name: 'Amount ($)' }).fill('20');
  await purchase.getByRole('button', { name: 'Record purchase' }).click();
  await expect(till.getByRole('region', { name: 'Purchase recorded' }).getByTestId('counter-new-balance')).toHaveText(
    '200',
  );
  // Remembered on this device: the next visit goes straight to the till.
  await till.reload();
  await expect(till.getByText('At Central')).toBeVisible();
  await expect(question).toHaveCount(0);
  await till.context().close();

  // The entry names Central.
  const ledger = await call('GET', `/api/tenants/member/${member.userId}/transactions`, undefined, token);
  expect(ledger.content[0]).toMatchObject({ type: 'PURCHASE', points: 200, branchId: central.id });

  // A branch entries name cannot be deleted: the owner's stale screen tries, the refusal says why.
  await table.getByRole('button', { name: 'Delete Central' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The branch was not deleted').first()).toBeVisible();
  await expect(
    page.getByText('Entries name this branch, so it cannot be deleted: deactivate it instead').first(),
  ).toBeVisible();
  await screenshot(page, 'branches/in-use-refused-en');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  // The list read again: Central says it is in use instead of offering Delete; Mong Kok may still go.
  await expect(table.getByRole('button', { name: 'Delete Central' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: 'Central' })).toContainText('In use: deactivate it instead');
  await expect(table.getByRole('button', { name: 'Delete Mong Kok' })).toBeVisible();
  expect((await call('GET', '/api/tenants/branches', undefined, token)).content).toHaveLength(2);

  // The member's ledger says where the purchase was made.
  await page.goto('/members');
  await page.getByRole('button', { name: 'Mia Chen', exact: true }).first().click();
  const ledgerTable = page.getByRole('dialog').getByRole('region', { name: 'Points history table' });
  await expect(ledgerTable.getByRole('row').nth(1)).toContainText('At Central');

  // Staff totals by branch: the purchase is Central's, none is Mong Kok's.
  await page.goto('/activity/staff');
  const totals = page.getByRole('region', { name: 'Staff totals table' });
  await page.getByLabel('Branch').selectOption({ label: 'Central' });
  await expect(totals.getByRole('row').filter({ hasText: staffName }).getByRole('cell')).toHaveText([
    `${staffName}Staff`,
    '1',
    '$20.00',
    '200',
    '0',
    '0',
    '0',
  ]);
  await page.getByLabel('Branch').selectOption({ label: 'Mong Kok' });
  await expect(totals.getByRole('row').filter({ hasText: staffName }).getByRole('cell')).toHaveText([
    `${staffName}Staff`,
    '0',
    '$0.00',
    '0',
    '0',
    '0',
    '0',
  ]);

  // The dashboard's reports by branch: today's points issued are Central's 200, Mong Kok's none.
  await page.goto('/');
  const points = page.getByRole('table', { name: 'Points' });
  await page.getByLabel('Branch').selectOption({ label: 'Central' });
  await expect(points.getByRole('row').last().getByRole('cell').first()).toHaveText('200');
  await page.getByLabel('Branch').selectOption({ label: 'Mong Kok' });
  await expect(points.getByRole('row').last().getByRole('cell').first()).toHaveText('0');
});

const LOCALES = ['en', 'zh-Hant', 'zh-Hans'] as const;
type Locale = (typeof LOCALES)[number];
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(new URL(`../src/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >,
  ]),
) as Record<Locale, Record<string, string>>;

/** A text of the screen's own catalogue, its placeholders filled. */
function text(locale: Locale, key: string, values: Record<string, string> = {}): string {
  const value = catalogs[locale][key];
  if (!value) throw new Error(`no text ${key} in ${locale}`);
  return value.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
}

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test('screenshots: the Branches screen, its dialog with errors, the user dialog’s branches and the counter’s question, in three languages on a desktop and a phone', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const central = await call(
    'POST',
    '/api/tenants/branches',
    {
      name: 'Central',
      nameZh: '中環',
      nameCn: '中环',
      address: '1 Queen’s Road Central',
      addressZh: '皇后大道中1號',
      addressCn: '皇后大道中1号',
      phone: '+852 2123 4567',
      latitude: 22.2819,
      longitude: 114.1582,
      relevantText: 'Your card works here',
      relevantTextZh: '此店可用會員卡',
      relevantTextCn: '此店可用会员卡',
    },
    token,
  );
  await call(
    'POST',
    '/api/tenants/branches',
    { name: 'Mong Kok', nameZh: '旺角', nameCn: '旺角', active: false },
    token,
  );
  const staff = await activeTeamUserViaApi(token, 'STAFF', `Chan${crypto.randomUUID().slice(0, 4)}`);
  const users = await call('GET', '/api/tenants/users?size=10', undefined, token);
  const row = users.content.find((u: { email: string }) => u.email === staff.email);
  await call(
    'PUT',
    `/api/tenants/users/${row.userId}`,
    { ...staff, phone: row.phone, role: 'STAFF', status: 'ACTIVE', branchIds: [central.id] },
    token,
  );
  await call('POST', '/api/tenants/branches', { name: 'Tsim Sha Tsui', nameZh: '尖沙咀', nameCn: '尖沙咀' }, token);

  for (const viewport of VIEWPORTS) {
    for (const locale of LOCALES) {
      const shot = (page: Page, what: string, fullPage = true) =>
        screenshot(page, `branches/${what}-${viewport.name}-${locale}`, fullPage);
      await call('PUT', '/api/users/me', { language: locale }, token);
      const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
      const page = await context.newPage();
      await signInToWorkspace(page, owner.email, owner.password as string);
      await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 15_000 });

      await page.goto('/branches');
      await expect(page.getByRole('heading', { name: text(locale, 'branches.title'), level: 1 })).toBeVisible();
      await expect(page.getByText(text(locale, 'branches.noCoordinates')).first()).toBeVisible();
      // Nothing sticks out sideways on a phone: a wide table scrolls in its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(page, 'screen');

      await page.getByRole('button', { name: text(locale, 'branches.add') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('#branch-coordinates').fill('22.28');
      await dialog.getByRole('button', { name: text(locale, 'branches.create') }).click();
      await expect(dialog.locator('#branch-name-error')).toBeVisible();
      await expect(dialog.locator('#branch-coordinates-error')).toBeVisible();
      await dialog.locator('#branch-coordinates').scrollIntoViewIfNeeded();
      await shot(page, 'dialog-error', false);
      await page.keyboard.press('Escape');

      await page.goto('/users');
      await page
        .getByRole('button', { name: text(locale, 'users.editWho', { name: `${staff.firstName} ${staff.lastName}` }) })
        .first()
        .click();
      const branches = page.getByRole('dialog').getByRole('group', { name: text(locale, 'users.branches') });
      await expect(branches.getByRole('checkbox')).toHaveCount(3);
      await branches.scrollIntoViewIfNeeded();
      await shot(page, 'user-dialog', false);
      await page.keyboard.press('Escape');

      await page.goto('/counter');
      const question = page.getByRole('form', { name: text(locale, 'counter.branchAsk') });
      await expect(question).toBeVisible();
      // Only the active branches are offered.
      await expect(question.getByRole('option')).toHaveCount(2);
      await shot(page, 'counter-question');
      await context.close();
    }
  }
});
