import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './a11y-support';
import { registerActiveOwner, signInAsOwner } from './profile-support';
import { screenshot } from './support';

test('enrolment: the owner opens the join page, sees its QR poster and downloads the PDF', async ({ page }) => {
  const owner = await registerActiveOwner();
  await signInAsOwner(page, owner);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Enrolment' }).click();
  await expect(page.getByRole('heading', { name: 'Enrolment' })).toBeVisible();

  // Defaults: closed, a slug from the business name, the owner's phone country (a Hong Kong number).
  const slugField = page.getByLabel('Join link name');
  await expect(slugField).toHaveValue(/^bakery-[0-9a-f]{6}$/);
  const slug = await slugField.inputValue();
  await expect(page.getByLabel('Allowed phone countries')).toHaveValue('HK');
  expect((await page.request.get(`/api/public/join/${slug}`)).status()).toBe(404);

  await page.getByRole('switch', { name: 'Join page open' }).click();
  await page.getByLabel('Welcome points').fill('50');
  await page.getByLabel('Terms link').fill('https://example.test/terms');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Enrolment settings saved', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Join URL')).toHaveValue(new RegExp(`/join/${slug}$`));
  await expect(page.getByText('Print the poster for your counter, or share the link')).toBeVisible();

  const poster = page.getByRole('img', { name: 'Poster with the QR code of the join link' });
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1240);

  const info = await page.request.get(`/api/public/join/${slug}`);
  expect(info.status()).toBe(200);
  expect(await info.json()).toMatchObject({ slug, welcomePoints: 50, allowedCountries: ['HK'] });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Poster PDF (A4)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('join-poster.pdf');

  await expectNoSeriousA11yViolations(page, 'enrolment');
  await screenshot(page, 'enrolment', true);
});
