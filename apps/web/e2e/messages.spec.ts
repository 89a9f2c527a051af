import { expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { screenshot } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

/** Two members added through the API, as staff add them at the counter. */
async function addMembers(token: string) {
  for (const [firstName, lastName] of [
    ['Mia', 'Chen'],
    ['大文', '陳'],
  ]) {
    const res = await fetch(`${E2E.baseURL}/api/tenants/member`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName, lastName }),
    });
    expect(res.status).toBe(201);
  }
}

async function chooseLanguage(page: Page, userName: string, language: string) {
  await page.getByRole('button', { name: userName }).click();
  await page.getByRole('menuitem', { name: /Language|語言|语言/ }).click();
  await page.getByRole('menuitemcheckbox', { name: language }).click();
}

test('Messages: a filter counted live, a message sent to it, its log; quiet hours; in English and Chinese', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  await addMembers(await tokenFor(owner.email, owner.password as string));
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  // Staff-added members have not given marketing consent: counted, but not reachable.
  await expect(page.getByText('2 members · 0 with marketing consent')).toBeVisible();
  await page.getByLabel('Points at least').fill('1');
  await expect(page.getByText('0 members · 0 with marketing consent')).toBeVisible();
  await page.getByLabel('Points at least').fill('');
  await expect(page.getByText('2 members · 0 with marketing consent')).toBeVisible();

  await page.getByRole('textbox', { name: 'English (0/160)' }).fill('Double points this weekend');
  await page.getByRole('textbox', { name: /^繁體中文/ }).fill('本週末雙倍積分');
  await page.getByRole('button', { name: 'Send to 0 members' }).click();
  await expect(page.getByText('Message queued for 0 members', { exact: true })).toBeVisible();
  const log = page.getByRole('region', { name: 'Sent messages' });
  await expect(log.getByText('Double points this weekend')).toBeVisible();
  await expect(log.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Set quiet hours' }).click();
  await page.getByRole('button', { name: 'Save quiet hours' }).click();
  await expect(page.getByText('Quiet from 22:00 to 08:00.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'messages');
  await screenshot(page, 'messages', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'messages-390', true);

  await page.setViewportSize({ width: 1280, height: 800 });
  await chooseLanguage(page, `${owner.firstName} ${owner.lastName}`, '繁體中文');
  await expect(page.getByRole('heading', { name: '訊息', level: 1 })).toBeVisible();
  await expect(page.getByText('2 位會員 · 0 位同意接收推廣')).toBeVisible();
  await expect(page.getByRole('region', { name: '已發送訊息' }).getByText('已發送')).toBeVisible();
  await screenshot(page, 'messages-zh-Hant', true);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'messages-zh-Hant-390', true);
});

test('Messages: a linked promotion writes the three texts, an edited one is kept; in English and Traditional Chinese', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  // Ends as 1 January starts in Hong Kong (the business's time zone): its last day is 31 December.
  const validTo = `${new Date().getUTCFullYear()}-12-31T16:00:00.000Z`;
  for (const body of [
    {
      name: 'Double Tuesday',
      nameZh: '星期二雙倍',
      nameCn: '星期二双倍',
      kind: 'MULTIPLIER',
      factor: 2,
      days: ['TUE'],
      fromTime: '14:00',
      toTime: '17:00',
      validTo,
    },
    { name: 'Big spender', nameZh: '消費獎賞', nameCn: '消费奖赏', kind: 'BONUS', bonusPoints: 50, minAmount: 200 },
  ]) {
    const res = await fetch(`${E2E.baseURL}/api/tenants/promotions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.text()).toBe(201);
  }
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Messages' }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

  const english = page.locator('#message-text');
  const traditional = page.locator('#message-text-zh');
  const simplified = page.locator('#message-text-cn');
  const pick = async (label: string, option: string) => {
    await expect(page.getByRole('combobox', { name: label })).toBeEnabled();
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).click();
  };
  await pick('Link a promotion', 'Double Tuesday');
  await expect(english).toHaveValue('Double Tuesday: double points on Tuesdays, 14:00–17:00, until Dec 31.');
  await expect(traditional).toHaveValue('星期二雙倍：即日起至12月31日，逢星期二 14:00–17:00，可獲雙倍積分。');
  await expect(simplified).toHaveValue('星期二双倍：即日起至12月31日，每逢星期二 14:00–17:00，可获双倍积分。');
  await english.fill('Double points every Tuesday afternoon until Dec 31. See you!');
  await pick('Link a promotion', 'Big spender');
  await expect(english).toHaveValue('Double points every Tuesday afternoon until Dec 31. See you!');
  await expect(traditional).toHaveValue('消費獎賞：消費滿 $200，可獲額外 50 積分。');
  await expectNoSeriousA11yViolations(page, 'messages-promotion');
  await screenshot(page, 'messages-promotion-en', true);

  await chooseLanguage(page, `${owner.firstName} ${owner.lastName}`, '繁體中文');
  await expect(page.getByRole('heading', { name: '訊息', level: 1 })).toBeVisible();
  await english.fill('');
  await pick('連結推廣活動', '星期二雙倍');
  await expect(english).toHaveValue('Double Tuesday: double points on Tuesdays, 14:00–17:00, until Dec 31.');
  await expect(traditional).toHaveValue('星期二雙倍：即日起至12月31日，逢星期二 14:00–17:00，可獲雙倍積分。');
  await screenshot(page, 'messages-promotion-zh-Hant', true);
  await page.getByRole('button', { name: /^發送給/ }).click();
  await expect(page.getByRole('region', { name: '已發送訊息' }).getByText('推廣活動：星期二雙倍')).toBeVisible();
  await screenshot(page, 'messages-promotion-zh-Hant-sent', true);
});
