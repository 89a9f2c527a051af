import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { E2E } from './env';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

/**
 * 1,000 members with Chinese headers (auto-matched), three of them bad: an e-mail, a tier, a missing name. Their
 * stamps are 0: a business without a stamp card takes a column that changes no card.
 */
function membersCsv(): { csv: string; bad: number[] } {
  const lines = ['名字,姓,電郵,電話,等級,積分,印花'];
  const bad = [101, 502, 903];
  for (let i = 1; i <= 1000; i++) {
    const row = i + 1;
    const first = row === 903 ? '' : `客${i}`;
    const email = row === 101 ? 'not-an-email' : `m${i}@example.test`;
    const tier = row === 502 ? 'Platinum' : i % 2 ? 'Basic' : '';
    lines.push(`${first},陳,${email},+8526${String(i).padStart(7, '0')},${tier},${i * 10},0`);
  }
  return { csv: `${lines.join('\n')}\n`, bad };
}

test('import 1,000 members with 3 bad rows through the screen: check, watch the progress, 997 added, error file offered', async ({
  page,
}, testInfo) => {
  const owner = await registerActiveOwner();
  const password = owner.password as string;
  const token = await tokenFor(owner.email, password);
  const tier = await fetch(`${E2E.baseURL}/api/memberships`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Basic', color: '#64748b', minSpendAmount: 0, benefits: [], isActive: true }),
  });
  expect(tier.status).toBe(201);

  await signInToWorkspace(page, owner.email, password);
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByText('Showing 0 of 0 members')).toBeVisible();
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import members' });

  const { csv, bad } = membersCsv();
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(dialog.getByLabel('名字')).toHaveValue('firstName');
  await expect(dialog.getByLabel('電郵')).toHaveValue('email');
  await expect(dialog.getByLabel('等級')).toHaveValue('tier');
  await expect(dialog.getByLabel('印花')).toHaveValue('stamps');

  await dialog.getByRole('button', { name: 'Check file' }).click();
  await expect(dialog.getByText('997 to add, 0 to update, 3 rows with errors.')).toBeVisible();
  const errors = dialog.getByRole('region', { name: 'Rows with errors' });
  for (const row of bad) await expect(errors.getByRole('row', { name: new RegExp(`^${row} `) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'import dialog, checked');
  await screenshot(page, 'members-import-checked');
  // The check changed nothing.
  await expect(page.getByText('Showing 0 of 0 members')).toBeAttached();

  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByText('Done: 997 added, 0 updated, 3 rows not imported.')).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'members-import-done');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download errors' }).click();
  const file = await (await download).path();
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.trim().split('\n')).toEqual([
    'Row,Field,Message',
    '101,email,Invalid email',
    '502,tier,No tier of this business has this name',
    '903,firstName,Required',
  ]);
  testInfo.annotations.push({ type: 'errors file', description: text });

  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByText('Showing 20 of 997 members')).toBeVisible();
  // The list follows the file: its last good row is the newest member.
  await expect(page.getByRole('row').nth(1)).toContainText('客1000 陳');

  // The import is on the audit trail, by the owner.
  await page.getByRole('link', { name: 'Activity' }).click();
  const event = page.getByRole('row', { name: /Members imported/ });
  await expect(event).toContainText(owner.email);
  await expect(event).toContainText('Rows: — → 1000');
  await expectNoSeriousA11yViolations(page, 'activity');
  await screenshot(page, 'activity');
});
