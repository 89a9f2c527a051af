import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { latestSmsCode } from './support';
import { expectNoSeriousA11yViolations, registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// docs/design.md §9: a customer claims a reward on a 390 px phone (a code valid 10 minutes, on the screen only), and the till
// redeems the code by keyboard; the points leave the card then, not at the claim.

/** Where this branch's screenshots go, to be looked at by people (the notes, not the test data). */
const SHOTS = process.env.REWARDS_SHOTS_DIR ?? '';
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text);
}

/** A business whose join page gives 150 welcome points, and two rewards: a coffee for 100, a cake for 200. */
async function businessWithRewards() {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const slug = `cafe-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 150, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );
  const reward = (body: object) =>
    call('POST', '/api/tenants/rewards', { kind: 'FREE_ITEM', stock: 20, perMemberLimit: 2, ...body }, token);
  await reward({ name: 'Free coffee', nameZh: '免費咖啡', nameCn: '免费咖啡', pointsCost: 100 });
  await reward({ name: 'Cake', nameZh: '蛋糕', nameCn: '蛋糕', pointsCost: 200 });
  await reward({ name: '$5 off', nameZh: '減 $5', nameCn: '减 $5', kind: 'AMOUNT_OFF', value: 5, pointsCost: 120 });
  return { owner, token, slug };
}

/** The customer joins on the phone (SMS code from the emulator) and lands on the card. */
async function join(page: Page, slug: string) {
  const phone = uniqueHkPhone();
  await page.goto(`/join/${slug}`);
  await page.getByLabel('Mobile number').fill(phone.replace('+852', ''));
  await page.getByRole('button', { name: 'Send code' }).click();
  const codeField = page.getByLabel('Verification code');
  await expect(codeField).toBeVisible({ timeout: 15_000 });
  let code = '';
  await expect
    .poll(async () => {
      code = await latestSmsCode(phone).catch(() => '');
      return code;
    })
    .toMatch(/^\d{6}$/);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('First name').fill('Mei');
  await page.getByLabel('Last name').fill('Wong');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByTestId('card-points')).toHaveText('150');
}

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  return context.newPage();
}

test('a customer claims a reward on a 390 px phone; the till redeems the code by keyboard', async ({
  page,
  browser,
}) => {
  const { owner, slug } = await businessWithRewards();
  const customer = await phone(browser);
  await join(customer, slug);

  const rewards = customer.getByRole('region', { name: 'Rewards' });
  await expect(rewards.getByText('50 points to Cake')).toBeVisible();
  await expect(rewards.getByRole('button', { name: 'Claim Free coffee' })).toBeVisible();
  await expect(rewards.getByRole('button', { name: 'Claim Cake' })).toHaveCount(0);
  await rewards.getByRole('button', { name: 'Claim Free coffee' }).scrollIntoViewIfNeeded();
  await shot(customer, 'card-rewards-390-en');
  await rewards.getByRole('button', { name: 'Claim Free coffee' }).click();
  const claimed = rewards.getByRole('status');
  await expect(claimed.getByText('Show this code at the counter')).toBeVisible();
  await expect(claimed.getByText(/^Valid for (10:00|9:\d\d) more; it can be used once$/)).toBeVisible();
  const code = (await claimed.getByTestId('claim-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[2-9A-Z]{8}$/);
  // Claiming reserves nothing: the card still shows every point.
  await expect(customer.getByTestId('card-points')).toHaveText('150');
  await expectNoSeriousA11yViolations(customer, 'card with a claimed reward');
  await shot(customer, 'card-claim-390-en');

  // The same card in Traditional Chinese.
  await customer.getByRole('combobox', { name: 'Language' }).selectOption('zh-Hant');
  await expect(customer.getByRole('region', { name: '獎賞' }).getByText('尚差 50 積分即可兌換蛋糕')).toBeVisible();
  await shot(customer, 'card-claim-390-zh-Hant');

  // The till: sign in, go to the counter, type the code (a USB scanner types it the same way) and Enter.
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.goto('/counter');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
  const codeField = page.getByRole('textbox', { name: 'Reward code' });
  await codeField.focus();
  await page.keyboard.type(code.toLowerCase());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Redeemed Free coffee' })).toContainText('new balance 50');
  await shot(page, 'counter-claim-desktop-en');

  // The same code typed again later is a new redemption, refused: the till says when and by whom it was used, so
  // the reward is not handed over twice; the card shows the points spent once.
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'This code was already used on' })).toBeVisible();
  await customer.reload();
  await expect(customer.getByTestId('card-points')).toHaveText('50');
  await expect(customer.getByText('尚差 50 積分即可兌換免費咖啡')).toBeVisible();

  // The member's panel at the counter: what they can have, how far they are, the redemption to hand over.
  const member = await call(
    'GET',
    '/api/tenants/member?size=1',
    undefined,
    await tokenFor(owner.email, owner.password as string),
  );
  const find = page.getByRole('textbox', { name: 'Membership code, phone or name' });
  await find.fill(member.content[0].membershipCode);
  await find.press('Enter');
  const panel = page.getByRole('region', { name: 'Rewards' });
  await expect(panel.getByText('50 points to Free coffee')).toBeVisible();
  await expect(panel.getByText('Issued')).toBeVisible();
  await panel.getByRole('button', { name: 'Hand over' }).click();
  await expect(panel.getByText('Handed over')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'counter rewards panel');
  await shot(page, 'counter-panel-desktop-en');

  // The till in Traditional Chinese, on a phone-sized screen too (staff may work it on their own phone).
  await page.getByRole('button', { name: `${owner.firstName} ${owner.lastName}` }).click();
  await page.getByRole('menuitem', { name: /Language/ }).click();
  await page.getByRole('menuitemcheckbox', { name: '繁體中文' }).click();
  await expect(page.getByRole('region', { name: '獎賞' }).getByText('尚差 50 積分即可兌換免費咖啡')).toBeVisible();
  await shot(page, 'counter-panel-desktop-zh-Hant');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'counter-panel-390-zh-Hant');
});

test('the Rewards screen lists rewards for owners, in English and in Chinese', async ({ page }) => {
  const { owner } = await businessWithRewards();
  await signInToWorkspace(page, owner.email, owner.password as string);
  await page.getByRole('link', { name: 'Rewards' }).click();
  await expect(page.getByRole('heading', { name: 'Rewards', level: 1 })).toBeVisible();
  const table = page.getByRole('region', { name: 'Rewards' });
  await expect(table.getByText('Free coffee')).toBeVisible();
  await expect(table.getByText('$5.00 off')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'rewards list');
  await shot(page, 'rewards-desktop-en');
  await page.getByRole('button', { name: 'Add reward' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shot(page, 'rewards-dialog-desktop-en');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `${owner.firstName} ${owner.lastName}` }).click();
  await page.getByRole('menuitem', { name: /Language/ }).click();
  await page.getByRole('menuitemcheckbox', { name: '繁體中文' }).click();
  await expect(page.getByRole('heading', { name: '獎賞', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: '獎賞' }).getByText('免費咖啡')).toBeVisible();
  await shot(page, 'rewards-desktop-zh-Hant');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'rewards-390-zh-Hant');
});
