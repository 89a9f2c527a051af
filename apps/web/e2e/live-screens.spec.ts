import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { latestSmsCode, screenshot } from './support';
import { registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// What staff see follows the data (open screens hear every change, docs/architecture.md). Changes made in
// another browser (here: through the API with the
// owner's token) reach the open workspace through its change events, within a few seconds, with no reload.
const BOUND = { timeout: 5_000 };

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

test('the dashboard follows purchases and new users made elsewhere, on screen and on navigating back, without a reload', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const password = owner.password as string;
  const token = await tokenFor(owner.email, password);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const member = await call('POST', '/api/tenants/member', { firstName: 'Mia', lastName: 'Chen' }, token);
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 1.2 }, token);

  await signInToWorkspace(page, owner.email, password);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('12');
  await expect(page.getByTestId('metric-Total Users')).toHaveText('1');

  // On screen: a purchase recorded elsewhere shows while the dashboard is open.
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 2 }, token);
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('32', BOUND);
  await expect(page.getByTestId('metric-Points Outstanding')).toHaveText('32', BOUND);

  // Away and back: what changed meanwhile is there when the dashboard opens again.
  await page.getByRole('link', { name: 'Members', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Members', level: 1 })).toBeVisible();
  await expect(page.getByText('Mia')).toBeVisible();
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 1 }, token);
  await call(
    'POST',
    '/api/tenants/users',
    {
      firstName: 'Ken',
      lastName: 'Ho',
      email: `ken-${randomUUID().slice(0, 8)}@example.test`,
      phone: uniqueHkPhone(),
      role: 'staff',
      password: 'Staff-password-1',
    },
    token,
  );
  // The members list on screen follows too (the row's balance).
  await expect(page.getByRole('row', { name: /Mia/ })).toContainText('42', BOUND);
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('metric-Total Points Issued')).toHaveText('42', BOUND);
  await expect(page.getByTestId('metric-Total Users')).toHaveText('2', BOUND);
  await screenshot(page, 'dashboard-followed');
});

/** The join form's words in the customer's language (the phone's own locale picks it). */
const JOIN_WORDS = {
  'en-US': {
    phone: 'Mobile number',
    send: 'Send code',
    code: 'Verification code',
    confirm: 'Confirm',
    first: 'First name',
    last: 'Last name',
    marketing: 'Send me offers and news',
    join: 'Join',
  },
  'zh-HK': {
    phone: '手提電話號碼',
    send: '發送驗證碼',
    code: '驗證碼',
    confirm: '確認',
    first: '名字',
    last: '姓氏',
    marketing: '向我發送優惠及最新消息',
    join: '加入',
  },
} as const;

/** A customer joins on a 390 px phone in `locale` (SMS code from the emulator), with consent to news. */
async function joinOnPhone(browser: Browser, slug: string, locale: keyof typeof JOIN_WORDS): Promise<Page> {
  const words = JOIN_WORDS[locale];
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale,
  });
  const page = await context.newPage();
  const phone = uniqueHkPhone();
  await page.goto(`/join/${slug}`);
  await page.getByLabel(words.phone).fill(phone.replace('+852', ''));
  await page.getByRole('button', { name: words.send }).click();
  const codeField = page.getByLabel(words.code);
  await expect(codeField).toBeVisible({ timeout: 15_000 });
  let code = '';
  await expect
    .poll(async () => {
      code = await latestSmsCode(phone).catch(() => '');
      return code;
    })
    .toMatch(/^\d{6}$/);
  await codeField.fill(code);
  await page.getByRole('button', { name: words.confirm }).click();
  await page.getByLabel(words.first).fill('Mei');
  await page.getByLabel(words.last).fill('Wong');
  await page.getByLabel(words.marketing).check();
  await page.getByRole('button', { name: words.join, exact: true }).click();
  await expect(page.getByTestId('card-points')).toHaveText('150');
  return page;
}

// docs/design.md §9: the card page follows what staff and the business do, with no reload: the code the phone shows
// leaves the moment it is used at the counter, a new reward appears, and the latest message shows in the member's
// language.
test('the card page drops a used code at once and follows rewards and messages, in English and Chinese', async ({
  browser,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const slug = `live-${randomUUID().slice(0, 8)}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 150, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );
  const coffee = { kind: 'FREE_ITEM', name: 'Free coffee', nameZh: '免費咖啡', nameCn: '免费咖啡', pointsCost: 100 };
  await call('POST', '/api/tenants/rewards', coffee, token);
  const customer = await joinOnPhone(browser, slug, 'en-US');
  const chinese = await joinOnPhone(browser, slug, 'zh-HK');

  // The customer claims a coffee; staff redeem the code at the till (here through the API, as a till does).
  const rewards = customer.getByRole('region', { name: 'Rewards' });
  await rewards.getByRole('button', { name: 'Claim Free coffee' }).click();
  const claimed = customer.getByTestId('claim-code');
  await expect(claimed).toBeInViewport();
  const code = ((await claimed.textContent()) ?? '').trim();
  const redeem = await fetch(`${E2E.baseURL}/api/tenants/reward-claims/${code}/redeem`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  });
  expect(redeem.status).toBe(201);
  await expect(claimed).toHaveCount(0, BOUND);
  await expect(customer.getByTestId('card-points')).toHaveText('50', BOUND);

  // A new reward, and a message to every cardholder: both open cards show them without a reload.
  await call(
    'POST',
    '/api/tenants/rewards',
    { ...coffee, name: 'Cake', nameZh: '蛋糕', nameCn: '蛋糕', pointsCost: 40 },
    token,
  );
  await expect(rewards.getByText('Cake', { exact: true })).toBeVisible(BOUND);
  const text = { text: 'Double points this Saturday', textZh: '本週六雙倍積分', textCn: '本周六双倍积分' };
  await call('POST', '/api/tenants/messages', { ...text, audience: { all: true } }, token);
  const news = customer.getByRole('region', { name: 'Latest news' });
  await expect(news).toContainText('Double points this Saturday', { timeout: 15_000 });
  await expect(chinese.getByRole('region', { name: '最新消息' })).toContainText('本週六雙倍積分', { timeout: 15_000 });
  await expect(chinese.getByRole('region', { name: '獎賞' }).getByText('蛋糕', { exact: true })).toBeVisible();
  await screenshot(customer, 'card-live-390-en', true);
  await screenshot(chinese, 'card-live-390-zh-Hant', true);
});
