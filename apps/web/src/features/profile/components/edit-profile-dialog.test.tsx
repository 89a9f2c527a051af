import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { serveApi } from '@/test/fake-api';
import { createFakeProfileServer, openEditProfile } from '@/test/profile-test-utils';
import type { AccountActions } from '../account-actions';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

let log: string[];
beforeEach(() => {
  log = [];
  serveApi(createFakeProfileServer(log).fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const open = (providerIds: string[], overrides: Partial<AccountActions> = {}) =>
  openEditProfile(log, providerIds, overrides);

async function changePassword(user: ReturnType<typeof userEvent.setup>, current: string, next: string, again = next) {
  await user.click(screen.getByRole('tab', { name: 'Password' }));
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (again) await user.type(screen.getByLabelText('Confirm New Password'), again);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('Edit Profile: tabs', () => {
  it('offers Profile, Password and Connections; Password only with a password method', async () => {
    await open(['google.com', 'phone']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Password' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Connections' })).toBeEnabled();
  });
});

describe('Edit Profile: Password tab (docs/spec/access-and-identity.md §5)', () => {
  it.each([
    ['', 'abcdef', 'abcdef', 'Current password required', 'Please enter your current password.'],
    ['old-pass', 'abcde', 'abcde', 'Password too short', 'New password must be at least 6 characters long.'],
    ['old-pass', 'abcdef', 'abcdeg', "Passwords don't match", "New password and confirmation don't match."],
    ['abcdef', 'abcdef', 'abcdef', 'Same password', 'New password must be different from current password.'],
  ])('refuses current=%j new=%j confirm=%j with "%s"', async (current, next, again, title, description) => {
    const user = await open(['password']);
    await changePassword(user, current, next, again);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(log).toEqual([]);
  });

  it('re-authenticates with the current password, then updates it, and clears the form', async () => {
    const user = await open(['password']);
    await changePassword(user, 'old-pass', 'new-pass');
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(log).toEqual(['reauthenticate old-pass', 'changePassword new-pass']);
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('says "Current password is incorrect." for the emulator’s invalid-credential', async () => {
    const user = await open(['password'], {
      reauthenticate: async () => {
        throw Object.assign(new Error('x'), { code: 'auth/invalid-credential' });
      },
    });
    await changePassword(user, 'wrong-pass', 'new-pass');
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(log).toEqual([]);
  });

  it('maps a weak password from Firebase', async () => {
    const user = await open(['password'], {
      changePassword: async () => {
        throw Object.assign(new Error('x'), { code: 'auth/weak-password' });
      },
    });
    await changePassword(user, 'old-pass', 'new-pass');
    expect(await screen.findByText('New password is too weak. Please choose a stronger password.')).toBeInTheDocument();
  });

  it('has a show/hide toggle on each password field', async () => {
    const user = await open(['password']);
    await user.click(screen.getByRole('tab', { name: 'Password' }));
    const field = screen.getByLabelText('New Password');
    expect(field).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show current password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show confirm new password' })).toBeInTheDocument();
  });
});

// docs/design.md §8: the Edit Profile dialog in both Chinese scripts.
describe('Edit Profile in Chinese', () => {
  it('zh-Hant: the three tabs, their fields and buttons, a password rule as a toast', async () => {
    await setLocale('zh-Hant');
    const user = await openEditProfile(log, ['password', 'google.com'], {}, '名字');
    expect(screen.getByRole('dialog', { name: '編輯個人資料' })).toBeInTheDocument();
    expect(screen.getByLabelText('電郵')).toBeInTheDocument();
    expect(screen.getByText('更改電話號碼需要短訊驗證。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '儲存更改' })).toBeDisabled();
    for (const english of ['Profile', 'Password', 'Connections', 'Save changes', 'First Name'])
      expect(screen.queryByText(english)).toBeNull();

    await user.click(screen.getByRole('tab', { name: '密碼' }));
    expect(screen.getByLabelText('目前密碼')).toBeInTheDocument();
    await user.type(screen.getByLabelText('目前密碼'), 'old-pass');
    await user.type(screen.getByLabelText('新密碼'), 'abc');
    await user.type(screen.getByLabelText('確認新密碼'), 'abc');
    await user.click(screen.getByRole('button', { name: '更改密碼' }));
    expect(await screen.findByText('密碼太短')).toBeInTheDocument();
    expect(screen.getByText('新密碼最少需要 6 個字元。')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '連結帳戶' }));
    const row = screen.getByTestId('google-connection');
    expect(within(row).getByText('Google 帳戶')).toBeInTheDocument();
    expect(within(row).getByText('已連結')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '解除連結' })).toBeInTheDocument();
    expect(screen.getByText('登入方式：電郵／密碼、Google')).toBeInTheDocument();
    expect(log).toEqual([]);
  });

  it('zh-Hans: tabs, Connections with Google as the only method, and the identity check', async () => {
    await setLocale('zh-Hans');
    const user = await openEditProfile(log, ['google.com'], {}, '名');
    expect(screen.getByRole('tab', { name: '个人资料' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '密码' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: '关联账户' }));
    const row = screen.getByTestId('google-connection');
    expect(within(row).getByText('已关联（主要）')).toBeInTheDocument();
    expect(
      screen.getByText('您不能解除唯一的登录方式。请先设置另一种登录方式，然后再解除关联。', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sign-in methods/)).toBeNull();
  });
});
