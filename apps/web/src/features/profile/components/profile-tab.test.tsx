import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearResendLog } from '@/components/verification/resend-log';
import { serveApi } from '@/test/fake-api';
import {
  createFakeAccountActions,
  createFakeProfileServer,
  renderEditProfile,
  SAMPLE_PROFILE,
} from '@/test/profile-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

// input-otp asks where a point is to place its caret; jsdom has no layout.
document.elementFromPoint ??= () => null;

let log: string[];
let profileServer: ReturnType<typeof createFakeProfileServer>;
beforeEach(() => {
  log = [];
  profileServer = createFakeProfileServer(log);
  serveApi(profileServer.fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  clearResendLog();
  vi.restoreAllMocks();
});

async function openProfile(actions = createFakeAccountActions(log)) {
  renderEditProfile(actions);
  const firstName = await screen.findByLabelText('First Name');
  return { user: userEvent.setup(), actions, firstName };
}

// The SMS dialog waits about a second before sending, on top of a lot of typing: more than the default 5 s.
describe('Edit Profile: Profile tab', { timeout: 15_000 }, () => {
  it('shows the saved profile, the SMS hint, and keeps "Save changes" disabled until something changes', async () => {
    const { user, firstName } = await openProfile();
    expect(firstName).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    expect(screen.getByText('Changing the phone number requires SMS verification.')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();

    await user.type(firstName, 'x');
    expect(save).toBeEnabled();
    await user.type(firstName, '{Backspace}');
    expect(save).toBeDisabled();
  });

  it('reads "Verify & Save changes" once the phone differs', async () => {
    const { user } = await openProfile();
    const phone = screen.getByLabelText('Phone Number');
    await user.clear(phone);
    await user.type(phone, '98765432');
    expect(screen.getByRole('button', { name: 'Verify & Save changes' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('saves a name-only change directly: PUT names, then the display name', async () => {
    const { user, firstName } = await openProfile();
    await user.clear(firstName);
    await user.type(firstName, 'Grace');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(log).toEqual(['PUT first_name,last_name', 'changeDisplayName Grace Lovelace']);
    expect(screen.queryByText('Confirm Your Identity')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('refuses an empty first name with the API’s message and saves nothing', async () => {
    const { user, firstName } = await openProfile();
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(log).toEqual([]);
  });

  it('runs phone, names and e-mail in the spec order through both dialogs', async () => {
    const { user, firstName } = await openProfile();
    await user.clear(firstName);
    await user.type(firstName, 'Grace');
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@example.test');
    const phone = screen.getByLabelText('Phone Number');
    await user.clear(phone);
    await user.type(phone, '98765432');
    await user.click(screen.getByRole('button', { name: 'Verify & Save changes' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Your Identity' });
    await user.type(within(confirm).getByLabelText('Password'), 'secret-pass{Enter}');

    const verify = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
    // Sent by itself about a second after opening.
    expect(
      await within(verify).findByText("We've sent a 6-digit verification code to", { exact: false }, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(within(verify).getByText('+8••••••5432')).toBeInTheDocument();
    expect(within(verify).getByText(/Resend code in \d+s/)).toBeInTheDocument();
    const button = within(verify).getByRole('button', { name: 'Verify Phone' });
    expect(button).toBeDisabled();
    await user.type(within(verify).getByLabelText('Verification code'), '123456');

    expect(await screen.findByText('Email updated')).toBeInTheDocument();
    // Radix Toast also reads a new toast out through a hidden copy for about a second; on a busy machine that
    // copy can still be there, so wait for the one toast rather than read at once.
    expect(await screen.findByText(/Please verify your new address/)).toBeInTheDocument();
    expect(log).toContain('clearCaptcha');
    expect(log.filter((entry) => entry !== 'clearCaptcha')).toEqual([
      'reauthenticate secret-pass',
      'sendCode +85298765432',
      'confirmPhoneCode verification-1 123456',
      'PUT phone',
      'PUT first_name,last_name',
      'changeDisplayName Grace Lovelace',
      'changeEmail grace@example.test secret-pass',
      'PUT email',
      'sendEmailVerification',
    ]);
    expect(profileServer.current()).toEqual({
      firstName: 'Grace',
      lastName: 'Lovelace',
      email: 'grace@example.test',
      phone: '+85298765432',
    });
  });

  it('keeps "Confirm Your Identity" open with "Incorrect password." and stops on Cancel', async () => {
    const actions = createFakeAccountActions(log, undefined, {
      reauthenticate: async () => {
        throw Object.assign(new Error('x'), { code: 'auth/invalid-credential' });
      },
    });
    const { user } = await openProfile(actions);
    const email = screen.getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'grace@example.test');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Your Identity' });
    await user.type(within(confirm).getByLabelText('Password'), 'wrong');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await within(confirm).findByText('Incorrect password.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Confirm Your Identity')).not.toBeInTheDocument());
    expect(log).toEqual([]);
  });

  it('says so when the save after phone verification fails', async () => {
    profileServer.failPut('phone', 500);
    const { user } = await openProfile(
      createFakeAccountActions(log, { ...SAMPLE_PROFILE_USER, providerIds: ['google.com'] }),
    );
    const phone = screen.getByLabelText('Phone Number');
    await user.clear(phone);
    await user.type(phone, '98765432');
    await user.click(screen.getByRole('button', { name: 'Verify & Save changes' }));
    // A Google-only account is not asked for a password.
    const verify = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
    await within(verify).findByText("We've sent a 6-digit verification code to", { exact: false }, { timeout: 3000 });
    await user.type(within(verify).getByLabelText('Verification code'), '654321');
    expect(await screen.findByText('Failed to save profile changes after phone verification.')).toBeInTheDocument();
    expect(log.filter((entry) => entry !== 'clearCaptcha')).toEqual([
      'sendCode +85298765432',
      'confirmPhoneCode verification-1 654321',
      'PUT phone',
    ]);
  });

  it('closing "Verify Your Phone" saves nothing and discards the captcha', async () => {
    const { user, firstName } = await openProfile(
      createFakeAccountActions(log, { ...SAMPLE_PROFILE_USER, providerIds: ['google.com'] }),
    );
    await user.type(firstName, 'x');
    const phone = screen.getByLabelText('Phone Number');
    await user.clear(phone);
    await user.type(phone, '98765432');
    await user.click(screen.getByRole('button', { name: 'Verify & Save changes' }));
    const verify = await screen.findByRole('dialog', { name: 'Verify Your Phone' });
    await within(verify).findByText("We've sent a 6-digit verification code to", { exact: false }, { timeout: 3000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Verify Your Phone')).not.toBeInTheDocument());
    expect(log).toEqual(['sendCode +85298765432', 'clearCaptcha']);
    expect(profileServer.current()).toEqual(SAMPLE_PROFILE);
  });
});

const SAMPLE_PROFILE_USER = {
  uid: 'uid-1',
  email: SAMPLE_PROFILE.email,
  displayName: 'Ada Lovelace',
  phoneNumber: SAMPLE_PROFILE.phone,
};
