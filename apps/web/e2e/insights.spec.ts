import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string, key?: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

async function switchLanguage(page: Page, owner: string, item: string) {
  await page.getByRole('button', { name: owner }).click();
  await page.getByRole('menuitem', { name: /^(Language|語言|语言)$/ }).click();
  await page.getByRole('menuitemcheckbox', { name: item }).click();
  await page.keyboard.press('Escape');
}

test('Dashboard → Over time: charts with their tables, the period picker and what the points owe, in three languages', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const ids: string[] = [];
  for (const [firstName, lastName] of [
    ['Mia', 'Chen'],
    ['Ken', 'Lau'],
    ['Ada', 'Wong'],
  ]) {
    ids.push((await call('POST', '/api/tenants/member', { firstName, lastName }, token)).userId);
  }
  const record = (memberId: string | undefined, body: object) =>
    call('POST', `/api/tenants/member/${memberId}/transactions`, body, token, crypto.randomUUID());
  await record(ids[0], { type: 'PURCHASE', amount: 120 });
  await record(ids[1], { type: 'PURCHASE', amount: 45.5 });
  const mistake = await record(ids[2], { type: 'PURCHASE', amount: 300 });
  await call('POST', `/api/tenants/member/${ids[2]}/transactions/${mistake.entry.id}/reversal`, {}, token);
  await record(ids[0], { type: 'REDEEM', points: 200 });
  const name = `${owner.firstName} ${owner.lastName}`;

  // The chart library (uPlot, in chart-canvas's chunk) is fetched only once the charts near the viewport.
  const chartChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/chart-canvas-[^/]*\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(request.url());
  });
  await signInToWorkspace(page, owner.email, owner.password as string);
  await expect(page.getByRole('heading', { name: 'Over time', level: 2 })).toBeAttached();
  const members = page.getByRole('table', { name: 'Members joining, active and returning' });
  // The last 30 days by day: today's row holds the three who joined and the two whose visits stand.
  await expect(members.getByRole('row').last().getByRole('cell')).toHaveText(['3', '2', '0']);
  const points = page.getByRole('table', { name: 'Points' });
  await expect(points.getByRole('row').last().getByRole('cell')).toHaveText(['4,655', '200', '0', '3,000']);
  await expect(page.getByTestId('liability-outstanding')).toHaveText('1,455');
  // The tables are there before the pictures: nothing of the chart library was fetched above the fold.
  expect(chartChunks).toEqual([]);
  await page.getByRole('heading', { name: 'Over time', level: 2 }).scrollIntoViewIfNeeded();
  // The charts are drawn (uPlot's canvas), one per figure group.
  await expect(page.locator('[data-testid^="insights-chart-"] canvas')).toHaveCount(5);
  await expectNoSeriousA11yViolations(page, 'dashboard with insights');
  await screenshot(page, 'insights-en', true);

  // A chart's numbers shown as a table, on request.
  await page.getByRole('button', { name: 'Show Points as a table' }).click();
  await expect(points).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a chart as a table');

  await page.getByLabel('Period').selectOption('12m');
  await expect(members.getByRole('row')).toHaveCount(13);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('insights-liability').getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('liability.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain('Outstanding points,,,1455');

  // A custom range, typed as the English screen writes days (month/day/year): today alone is one row.
  await page.getByLabel('Period').selectOption('custom');
  const today = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
  expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const from = page.getByRole('textbox', { name: 'From', exact: true });
  await from.fill(today);
  await expect(members.getByRole('row')).toHaveCount(2);
  // A day no calendar has is refused at the field; the fields and the button stay level.
  await from.fill('02/30/2026');
  await from.press('Tab');
  await expect(from).toHaveAccessibleDescription('There is no such day: check the month and the day');
  await page.getByRole('heading', { name: 'Over time', level: 2 }).scrollIntoViewIfNeeded();
  await screenshot(page, 'insights-custom-range-en');
  await from.fill(today);

  await switchLanguage(page, name, '繁體中文');
  await expect(page.getByRole('heading', { name: '趨勢', level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: '新加入、活躍及回頭會員' })).toBeAttached();
  await expectNoSeriousA11yViolations(page, 'insights in zh-Hant');
  await screenshot(page, 'insights-zh-Hant', true);

  await switchLanguage(page, name, '简体中文');
  await expect(page.getByRole('heading', { name: '趋势', level: 2 })).toBeVisible();
  await screenshot(page, 'insights-zh-Hans', true);
});
