import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { SAMPLE_USER } from '@/test/fake-auth';
import { serveApi } from '../profile-test-api';
import {
  createFakeAccountActions,
  createFakeProfileServer,
  renderEditProfile,
  SAMPLE_PROFILE,
} from '../profile-test-utils';

vi.mock('@/lib/api', () => import('../profile-test-api'));

let log: string[];
beforeEach(() => {
  log = [];
  serveApi(createFakeProfileServer(log).fetch);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

function open(providerIds: string[]) {
  renderEditProfile(createFakeAccountActions(log, { ...SAMPLE_USER, email: SAMPLE_PROFILE.email, providerIds }));
  return userEvent.setup();
}

// Issue 18: the Edit Profile dialog in both Chinese scripts.
describe('Edit Profile in Chinese', () => {
  it('zh-Hant: the three tabs, their fields and buttons, a password rule as a toast', async () => {
    await setLocale('zh-Hant');
    const user = open(['password', 'google.com']);
    expect(await screen.findByLabelText('名字')).toBeInTheDocument();
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
    const user = open(['google.com']);
    expect(await screen.findByLabelText('名')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '个人资料' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '密码' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: '关联账户' }));
    const row = screen.getByTestId('google-connection');
    expect(within(row).getByText('已关联（主要）')).toBeInTheDocument();
    expect(
      screen.getByText('你不能解除唯一的登录方式。请先设置另一种登录方式，然后再解除关联。', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Sign-in methods/)).toBeNull();
  });
});
