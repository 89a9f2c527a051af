import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { englishLeft } from '@/test/english-left';
import { renderApp } from '@/test/render-app';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

describe('login page in Chinese', () => {
  it('reads in Traditional Chinese once picked in its language select, the error shown included', async () => {
    const user = userEvent.setup();
    renderApp('/login', {
      signInWithEmail: async () => {
        throw firebaseError('auth/invalid-credential');
      },
    });
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password');

    await user.selectOptions(screen.getByLabelText('Language'), 'zh-Hant');
    expect(await screen.findByRole('heading', { name: '管理後台' })).toBeInTheDocument();
    expect(screen.getByText('登入以使用管理主控台')).toBeInTheDocument();
    expect(screen.getByLabelText('電郵')).toHaveValue('owner@example.com');
    expect(screen.getByLabelText('密碼')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登入' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用 Google 繼續' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '立即註冊' })).toHaveAttribute('href', '/register');
    // The message already on screen follows the language.
    expect(screen.getByRole('alert')).toHaveTextContent('密碼不正確');
    expect(englishLeft(['owner@example.com', 'you@company.com'])).toEqual([]);
  });

  it('reads in Simplified Chinese, the required-field messages included', async () => {
    await setLocale('zh-Hans');
    renderApp('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入邮箱')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '管理后台' })).toBeInTheDocument();
    expect(screen.getByText('还没有商户账户？')).toBeInTheDocument();
    expect(englishLeft(['you@company.com'])).toEqual([]);
  });

  it('shows the emulator account chooser in Chinese', async () => {
    await setLocale('zh-Hant');
    renderApp('/login', { emulator: true });
    await userEvent.setup().click(screen.getByRole('button', { name: '使用 Google 繼續' }));
    const dialog = await screen.findByRole('dialog', { name: '模擬器 Google 帳戶' });
    expect(dialog).toHaveTextContent('請選擇要使用的帳戶');
    expect(screen.getByRole('button', { name: '繼續' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取消' })).toBeInTheDocument();
    expect(englishLeft(['ada.lovelace@example.com', 'Ada Lovelace', 'you@company.com'], dialog)).toEqual([]);
  });
});
