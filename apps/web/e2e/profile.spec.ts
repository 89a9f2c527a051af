import { expect, test } from '@playwright/test';
import {
  confirmIdentity,
  type Owner,
  openEditProfile,
  profileOf,
  registerActiveOwner,
  signInAsOwner,
  uniqueHkPhone,
} from './profile-support';
import { latestSmsCode, screenshot, signInWithPassword, uniqueEmail } from './support';

const nameOf = (owner: Owner) => `${owner.firstName} ${owner.lastName}`;

test.describe('Edit Profile: password account', () => {
  let owner: Owner;
  test.beforeEach(async ({ page }) => {
    owner = await registerActiveOwner();
    await signInAsOwner(page, owner);
  });

  test('changes the names; the sidebar, a reload and GET /api/users/me show them', async ({ page }) => {
    // The sidebar shows the portal profile's name and e-mail.
    await expect(page.getByRole('button', { name: nameOf(owner) })).toBeVisible();
    const dialog = await openEditProfile(page, nameOf(owner));
    await expect(dialog.getByLabel('Email')).toHaveValue(owner.email);
    await expect(dialog.getByText('Changing the phone number requires SMS verification.')).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save changes' });
    await expect(save).toBeDisabled();
    await screenshot(page, 'profile-tab');

    await dialog.getByLabel('First Name', { exact: true }).fill('Grace');
    await dialog.getByLabel('Last Name').fill('Hopper');
    await save.click();
    await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
    await expect(save).toBeDisabled();
    // The sidebar re-reads the profile at once (the dialog hides the page from the accessibility tree).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();
    const reopened = await openEditProfile(page, 'Grace Hopper');
    await expect(reopened.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
    expect(await profileOf(owner.email, owner.password!)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  test('changes the phone after the password and an SMS code from the emulator', async ({ page }) => {
    const dialog = await openEditProfile(page, nameOf(owner));
    const phone = uniqueHkPhone();
    await dialog.getByLabel('Phone Number').fill(phone.slice('+852'.length));
    await dialog.getByRole('button', { name: 'Verify & Save changes' }).click();
    await expect(page.getByRole('dialog', { name: 'Confirm Your Identity' })).toBeVisible();
    await screenshot(page, 'profile-confirm-identity');
    await confirmIdentity(page, owner.password!);

    const verify = page.getByRole('dialog', { name: 'Verify Your Phone' });
    await expect(verify.getByText("We've sent a 6-digit verification code to")).toBeVisible();
    await expect(verify.getByText(/Resend code in \d+s/)).toBeVisible();
    await screenshot(page, 'profile-verify-phone');
    await verify.getByLabel('Verification code').fill(await latestSmsCode(phone));

    await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
    await expect(verify).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect((await profileOf(owner.email, owner.password!)).phone).toBe(phone);
  });

  test('changes the e-mail: "Email updated", and the new address signs in', async ({ page }) => {
    const dialog = await openEditProfile(page, nameOf(owner));
    const email = uniqueEmail('moved');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await confirmIdentity(page, owner.password!);
    await expect(page.getByText('Email updated', { exact: true })).toBeVisible();
    await expect(
      page.getByText(`We sent a verification link to ${email}. Please verify your new address.`, { exact: true }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: nameOf(owner) })).toContainText(email);
    expect((await profileOf(email, owner.password!)).email).toBe(email);
  });

  test('changes the password, and the new one signs in', async ({ page }) => {
    const dialog = await openEditProfile(page, nameOf(owner));
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByLabel('Current Password', { exact: true }).fill(owner.password!);
    await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-pass');
    await dialog.getByRole('button', { name: 'Show new password' }).click();
    await screenshot(page, 'profile-password-tab');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: nameOf(owner) }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInWithPassword(page, owner.email, 'brand-new-pass');
    await expect(page.getByText('Total Users')).toBeVisible();
  });

  test('a wrong current password says "Current password is incorrect."', async ({ page }) => {
    const dialog = await openEditProfile(page, nameOf(owner));
    await dialog.getByRole('tab', { name: 'Password' }).click();
    await dialog.getByLabel('Current Password', { exact: true }).fill('not-my-password');
    await dialog.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await dialog.getByLabel('Confirm New Password', { exact: true }).fill('brand-new-pass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Current password is incorrect.', { exact: true })).toBeVisible();
    await screenshot(page, 'profile-password-wrong');
  });

  test('links Google with the emulator chooser, then unlinks it', async ({ page }) => {
    const dialog = await openEditProfile(page, nameOf(owner));
    await dialog.getByRole('tab', { name: 'Connections' }).click();
    const row = dialog.getByTestId('google-connection');
    await expect(row.getByText('Not connected')).toBeVisible();
    await screenshot(page, 'profile-connections-tab');

    await row.getByRole('button', { name: 'Connect' }).click();
    await confirmIdentity(page, owner.password!);
    const chooser = page.getByRole('dialog', { name: 'Emulator Google account' });
    await chooser.getByLabel('Email').fill(uniqueEmail('google'));
    await chooser.getByRole('button', { name: 'Continue' }).click();
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Sign-in methods: Email/Password, Phone, Google')).toBeVisible();
    await screenshot(page, 'profile-connections-linked');

    await row.getByRole('button', { name: 'Unlink' }).click();
    await confirmIdentity(page, owner.password!);
    await expect(row.getByText('Not connected')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Connect' })).toBeEnabled();
  });
});

test('a Google-only account cannot unlink its only sign-in method', async ({ page }) => {
  const owner = await registerActiveOwner({ google: true });
  await signInAsOwner(page, owner);
  const dialog = await openEditProfile(page, nameOf(owner));
  await expect(dialog.getByRole('tab', { name: 'Password' })).toBeDisabled();
  await dialog.getByRole('tab', { name: 'Connections' }).click();
  await expect(dialog.getByRole('tab', { name: 'Connections' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'false');
  await screenshot(page, 'profile-connections-primary-plain');
  const row = dialog.getByTestId('google-connection');
  await expect(row.getByText('Connected (Primary)')).toBeVisible();
  const unlink = row.getByRole('button', { name: 'Unlink' });
  await expect(unlink).toBeDisabled();
  await row.locator('span:has(> button)').hover();
  await expect(page.getByRole('tooltip')).toContainText('You cannot unlink your only authentication method.');
  await screenshot(page, 'profile-connections-primary');
});
