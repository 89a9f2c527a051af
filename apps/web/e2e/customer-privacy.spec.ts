import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E, emulatorBase } from './env';
import { TEN_POINTS_A_DOLLAR } from './points-support';
import { uniqueHkPhone } from './profile-support';
import { expectNoSeriousA11yViolations, registerActiveOwner, tokenFor } from './users-support';

// docs/design.md §9: the customer's own data on the card page: marketing consent, "Download my data", and "Delete my card"
// confirmed by a new SMS code; the business keeps its figures, the person is gone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });

const shots = process.env.PRIVACY_SCREENS_DIR ?? '../../.test-data/screenshots/';

// biome-ignore lint/suspicious/noExplicitAny: test seeding reads a field or two of the answers
async function call(method: string, path: string, body: unknown, token: string): Promise<any> {
  const res = await fetch(`${E2E.baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
}

/** Every SMS code the emulator sent to `phone`, oldest first. */
async function smsCodes(phone: string): Promise<string[]> {
  const res = await fetch(`${emulatorBase}/emulator/v1/projects/${E2E.projectId}/verificationCodes`);
  const body = (await res.json()) as { verificationCodes: { phoneNumber: string; code: string }[] };
  return body.verificationCodes.filter((c) => c.phoneNumber === phone).map((c) => c.code);
}

/** Waits for the code sent after `already` codes, and types it. */
async function typeNewCode(page: Page, phone: string, already: number) {
  let codes: string[] = [];
  await expect
    .poll(async () => {
      codes = await smsCodes(phone);
      return codes.length;
    })
    .toBeGreaterThan(already);
  await page.getByLabel(/Verification code|驗證碼/).fill(codes.at(-1) as string);
}

async function shoot(page: Page, name: string, fullPage = true) {
  await page.screenshot({ path: `${shots}${name}.png`, fullPage });
}

test('a customer changes their marketing consent, downloads their data and deletes their card; the figures stay', async ({
  page,
}) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  await call('POST', '/api/points-conversion', TEN_POINTS_A_DOLLAR, token);
  const slug = `data-${owner.lastName.slice(-6).toLowerCase()}`;
  await call(
    'PUT',
    '/api/tenants/enrolment',
    { enabled: true, slug, welcomePoints: 50, requireEmail: false, termsUrl: '', allowedCountries: ['HK'] },
    token,
  );

  // Join by phone, with offers and news.
  const phone = uniqueHkPhone();
  await page.goto(`/join/${slug}`);
  await page.getByLabel('Mobile number').fill(phone.replace('+852', ''));
  await page.getByRole('button', { name: 'Send code' }).click();
  await typeNewCode(page, phone, 0);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('First name').fill('Mei');
  await page.getByLabel('Last name').fill('Wong');
  await page.getByLabel('Send me offers and news').check();
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mei Wong' })).toBeVisible();
  const [member] = (await call('GET', '/api/tenants/member?page=0&size=20', undefined, token)).content;
  await call('POST', `/api/tenants/member/${member.userId}/transactions`, { type: 'PURCHASE', amount: 12.5 }, token);
  const figures = await call('GET', '/api/dashboard', undefined, token);

  // Marketing consent, withdrawn on the card page.
  const consent = page.getByRole('checkbox', { name: /Send me offers and news/ });
  await expect(consent).toBeChecked();
  await consent.uncheck();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(
    (await call('GET', `/api/tenants/member/${member.userId}/export`, undefined, token)).consents.marketing.granted,
  ).toBe(false);

  // Download my data: a JSON file named by the card's code, holding the member and the whole ledger.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`member-data-${member.membershipCode}.json`);
  const data = JSON.parse(readFileSync((await download.path()) as string, 'utf8'));
  expect(data.member).toMatchObject({ firstName: 'Mei', lastName: 'Wong', phone });
  expect(data.ledger.map((e: { type: string }) => e.type).sort()).toEqual(['BONUS', 'PURCHASE']);
  await expectNoSeriousA11yViolations(page, 'card page with the data section');
  await shoot(page, 'card-data-en-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'card-data-en-desktop');
  await page.setViewportSize({ width: 390, height: 844 });

  // The confirmation in English, with what remains where after it, then kept.
  await page.getByRole('button', { name: 'Delete my card' }).click();
  await expect(page.getByText(/backups made before keep them until they expire/)).toBeVisible();
  await shoot(page, 'card-delete-confirm-en-390');
  await page.getByRole('button', { name: 'Keep my card' }).click();

  // In Chinese, the confirmation of "Delete my card", then a new SMS code.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-Hant');
  await expect(page.getByRole('heading', { name: '您的資料' })).toBeVisible();
  await expect(page.getByText('已儲存', { exact: true })).toBeVisible();
  await shoot(page, 'card-data-zh-Hant-390');
  await page.getByRole('button', { name: '刪除我的會員卡' }).click();
  await expect(page.getByText(/積分亦會失效/)).toBeVisible();
  await expect(page.getByText(/之前的備份會保留至其到期為止/)).toBeVisible();
  await shoot(page, 'card-delete-confirm-zh-Hant-390');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'card-delete-confirm-zh-Hant-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  const sent = (await smsCodes(phone)).length;
  await page.getByRole('button', { name: '發送驗證碼以確認' }).click();
  await typeNewCode(page, phone, sent);
  await page.getByRole('button', { name: '永久刪除我的會員卡' }).click();
  await expect(page.getByRole('heading', { name: '您的會員卡已刪除' })).toBeVisible();
  // The message covers the screen (not the page below it).
  await shoot(page, 'card-deleted-zh-Hant-390', false);

  // The person is gone from the business's members; the points figures are as they were.
  expect((await call('GET', '/api/tenants/member?page=0&size=20', undefined, token)).content).toEqual([]);
  const after = await call('GET', '/api/dashboard', undefined, token);
  expect(after.pointsIssued).toEqual(figures.pointsIssued);
  expect(after.pointsOutstanding).toBe(figures.pointsOutstanding);

  // Back to the join page: no card for this phone any more.
  await page.getByRole('button', { name: '完成' }).click();
  await expect(page).toHaveURL(new RegExp(`/join/${slug}$`));
});
