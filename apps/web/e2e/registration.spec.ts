import { expect, test } from '@playwright/test';
import {
  enterCode,
  expectDashboard,
  fillBusiness,
  newRegistrant,
  PASSWORD,
  registerWithPassword,
} from './registration-support';
import { latestSmsCode, screenshot, signInWithPassword, uniquePhoneDigits } from './support';

test('register with a password, verify the phone by SMS and land on the dashboard', async ({ page }) => {
  const who = newRegistrant();
  await page.goto('/register');
  await expect(page.getByText('Create your account to start managing memberships')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up with Google' })).toBeVisible();
  await expect(page.getByText('OR CONTINUE WITH')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByTestId('recaptcha-container')).toBeAttached();
  await screenshot(page, 'register-empty', true);

  await fillBusiness(page, who);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await screenshot(page, 'register-filled', true);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/register\/verify\?tenantId=/);
  await expect(page.getByText("We've sent a 6-digit verification code to")).toBeVisible();
  await expect(page.getByTestId('masked-phone')).toHaveText(
    `+8${'•'.repeat(who.phone.length - 6)}${who.digits.slice(-4)}`,
  );
  await expect(page.getByText(/Resend code in \d+s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verify Phone' })).toBeDisabled();
  expect(await page.evaluate(() => localStorage.getItem('phoneToVerify'))).toBe(who.phone);
  expect(await page.evaluate(() => localStorage.getItem('tenantId'))).toBeTruthy();
  await screenshot(page, 'verify-main');

  await enterCode(page, await latestSmsCode(who.phone));
  await expect(page.getByText('Redirecting to your dashboard...')).toBeVisible();
  await screenshot(page, 'verify-success');
  await expectDashboard(page);
  expect(await page.evaluate(() => localStorage.getItem('phoneToVerify'))).toBeNull();
  await screenshot(page, 'register-dashboard');
});

test('the form shows every validation message on blur, then updates them on change', async ({ page }) => {
  await page.goto('/register');
  const blur = async (label: string) => {
    await page.getByLabel(label, { exact: true }).focus();
    await page.getByLabel(label, { exact: true }).blur();
  };
  await blur('Business Name');
  await expect(page.getByText('Business name is required')).toBeVisible();
  await page.getByLabel('Email Address').fill('not-an-email');
  await page.getByLabel('Email Address').blur();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await blur('First Name');
  await expect(page.getByText('First name is required')).toBeVisible();
  await blur('Last Name');
  await expect(page.getByText('Last name is required')).toBeVisible();
  await blur('Contact Phone');
  await expect(page.getByText('Contact phone is required')).toBeVisible();
  await page.getByLabel('Contact Phone').fill('1234567890123456');
  await page.getByLabel('Contact Phone').blur();
  await expect(page.getByText('Invalid phone. Use international format like +15551234567')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await blur('Confirm Password');
  await expect(page.getByText('Please confirm your password')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill('different');
  await page.getByLabel('Confirm Password', { exact: true }).blur();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Industry is required')).toBeVisible();
  await screenshot(page, 'register-validation', true);

  // After a submit, fixing a field clears its message as you type (reValidateMode onChange).
  await page.getByLabel('Business Name').fill('Harbour Coffee');
  await expect(page.getByText('Business name is required')).toBeHidden();
  await page.getByLabel('Email Address').fill('someone@example.test');
  await expect(page.getByText('Invalid email format')).toBeHidden();
});

test('the country picker searches and groups countries', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('combobox', { name: /Country code: Hong Kong/ }).click();
  await expect(page.getByText('Priority')).toBeVisible();
  await expect(page.getByText('All Countries')).toBeVisible();
  await page.getByPlaceholder('Search country...').fill('cote');
  await expect(page.getByRole('option', { name: /Côte d'Ivoire/ })).toBeVisible();
  await page.getByPlaceholder('Search country...').fill('qqq');
  await expect(page.getByText('No country found.')).toBeVisible();
  await page.getByPlaceholder('Search country...').fill('+1');
  await screenshot(page, 'phone-country-picker');
  await page.getByRole('option', { name: /United States/ }).click();
  await expect(page.getByRole('combobox', { name: /United States \(\+1\)/ })).toBeVisible();
});

test('sign up with Google through the emulator account chooser', async ({ page }) => {
  const who = newRegistrant('google');
  await page.goto('/register');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Emulator Google account' });
  await chooser.getByLabel('Email').fill(who.email);
  await chooser.getByLabel('Name').fill('Grace Brewster Hopper');
  await chooser.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('button', { name: 'Connected with Google' })).toBeDisabled();
  await expect(page.getByLabel('Email Address')).toHaveValue(who.email);
  await expect(page.getByLabel('Email Address')).not.toBeEditable();
  await expect(page.getByLabel('First Name')).toHaveValue('Grace');
  await expect(page.getByLabel('Last Name')).toHaveValue('Brewster Hopper');
  await expect(page.getByLabel('First Name')).not.toBeEditable();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await fillBusiness(page, who);
  await screenshot(page, 'register-google-connected', true);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
  await enterCode(page, await latestSmsCode(who.phone));
  await expectDashboard(page);
});

test('a wrong code is refused and cleared, the right one goes through', async ({ page }) => {
  const who = newRegistrant('wrong-code');
  await registerWithPassword(page, who);
  const right = await latestSmsCode(who.phone);
  const wrong = right === '000000' ? '111111' : '000000';
  await enterCode(page, wrong);
  await expect(page.getByText('Invalid code. Please try again.').first()).toBeVisible();
  await expect(page.getByLabel('Verification code')).toHaveValue('');
  await screenshot(page, 'verify-wrong-code');
  await enterCode(page, right);
  await expectDashboard(page);
});

test('resend counts down 60 s after each send and stops at 3 codes', async ({ page }) => {
  await page.clock.install();
  const who = newRegistrant('resend');
  await registerWithPassword(page, who);
  await expect(page.getByText(/Resend code in (60|59)s/)).toBeVisible();
  for (let send = 2; send <= 3; send++) {
    await page.clock.fastForward(61_000);
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText(/Resend code in (60|59)s/)).toBeVisible();
  }
  await page.clock.fastForward(61_000);
  await page.getByRole('button', { name: 'Resend code' }).click();
  await expect(page.getByText('Resend limit reached').first()).toBeVisible();
  await expect(page.getByText('Please wait a few minutes before requesting another code.').first()).toBeVisible();
  await expect(page.getByText('Too many resend attempts. Please try again later.')).toBeVisible();
  await screenshot(page, 'verify-resend-limit');
  // The newest of the three codes still works.
  await enterCode(page, await latestSmsCode(who.phone));
  await expectDashboard(page);
});

test('leaving mid-way and coming back leads to verification; "Use Different Phone" continues the registration', async ({
  page,
  context,
}) => {
  const who = newRegistrant('continue');
  await registerWithPassword(page, who);
  await page.close();

  const again = await context.newPage();
  await again.goto('/');
  await expect(again).toHaveURL(/\/register\/verify$/);
  await expect(again.getByTestId('masked-phone')).toHaveText(new RegExp(`${who.digits.slice(-4)}$`));
  await again.getByRole('button', { name: 'Use Different Phone' }).click();

  await expect(again).toHaveURL(/\/register$/);
  await expect(again.getByRole('heading', { name: 'Continue Registration' })).toBeVisible();
  await expect(
    again.getByText('Your registration details are complete. You can update your phone number if needed.'),
  ).toBeVisible();
  await expect(again.getByLabel('Business Name')).not.toBeEditable();
  await expect(again.getByLabel('Email Address')).not.toBeEditable();
  await expect(again.getByLabel('First Name')).not.toBeEditable();
  await expect(again.getByRole('button', { name: 'Sign up with Google' })).toHaveCount(0);
  await expect(again.getByRole('link', { name: 'Terms of Service' })).toHaveCount(0);
  await expect(again.getByLabel('Password', { exact: true })).toHaveCount(0);
  await screenshot(again, 'register-continue', true);

  const newDigits = uniquePhoneDigits();
  await again.getByLabel('Contact Phone').fill(newDigits);
  await again.getByRole('button', { name: 'Continue to Verification' }).click();
  await expect(again.getByTestId('masked-phone')).toHaveText(new RegExp(`${newDigits.slice(-4)}$`));
  await enterCode(again, await latestSmsCode(`+852${newDigits}`));
  await expectDashboard(again);
});

test('signing out mid-way and in again leads back to verification', async ({ page }) => {
  const who = newRegistrant('relogin');
  await registerWithPassword(page, who);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInWithPassword(page, who.email, PASSWORD);
  await expect(page).toHaveURL(/\/register\/verify$/);
  await expect(page.getByRole('heading', { name: 'Phone Verification Required' })).toBeVisible();
  await expect(
    page.getByText('No verification session found. Please enter your phone number to continue.'),
  ).toBeVisible();
  await screenshot(page, 'verify-no-phone');

  // A captcha that cannot be set up shows the blocking Security Verification Error; "Refresh Page" recovers.
  await page.evaluate(() => document.getElementById('recaptcha-container')?.remove());
  await page.getByLabel('Phone number').fill(who.digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  const securityDialog = page.getByRole('dialog', { name: 'Security Verification Error' });
  await expect(securityDialog.getByText('Failed to initialize security verification. Please try again.')).toBeVisible();
  await expect(securityDialog.getByRole('button', { name: 'Logout' })).toBeVisible();
  await screenshot(page, 'verify-security-error');
  await securityDialog.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('heading', { name: 'Phone Verification Required' })).toBeVisible();

  await page.getByLabel('Phone number').fill(who.digits);
  await page.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Phone' })).toBeVisible();
  await enterCode(page, await latestSmsCode(who.phone));
  // Signing out forgot the stored ids, but the pending answer of GET /api/members/me named the tenant again.
  await expectDashboard(page);
});
