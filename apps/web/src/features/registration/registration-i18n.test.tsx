import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearResendLog } from '@/components/verification/resend-log';
import { linkPhoneWithCode } from '@/lib/auth-phone';
import { setLocale } from '@/lib/i18n/i18n';
import { englishLeft } from '@/test/english-left';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('./api/activate-account', () => ({ activateAccount: vi.fn() }));
vi.mock('./api/register-business', () => ({ registerBusiness: vi.fn() }));
vi.mock('@/lib/auth-phone', () => ({
  currentAuthUser: vi.fn(() => null),
  reloadAuthUser: vi.fn(async () => null),
  linkPhoneWithCode: vi.fn(),
  createPasswordAccount: vi.fn(async () => SAMPLE_USER),
  createInvisibleRecaptcha: vi.fn(() => ({ verifier: {}, clear: () => {} })),
  sendPhoneLinkCode: vi.fn(async () => 'new-id'),
}));

// input-otp probes for password-manager badges with elementFromPoint, which jsdom lacks.
document.elementFromPoint ??= () => null;

const pending = { user: SAMPLE_USER, identity: { status: 'PENDING' as const } };
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, button' });

describe('registration in Chinese', { timeout: 20_000 }, () => {
  beforeEach(() => {
    clearResendLog();
    vi.mocked(linkPhoneWithCode).mockReset();
  });

  it('reads in Traditional Chinese once picked in its language select, messages and industries included', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await user.selectOptions(screen.getByLabelText('Language'), 'zh-Hant');
    expect(await screen.findByRole('heading', { name: '註冊您的商戶' })).toBeInTheDocument();
    expect(screen.getByText('歡迎使用 Loyalty Portal')).toBeInTheDocument();
    for (const label of ['商戶名稱', '行業', '電郵地址', '名字', '姓氏', '密碼', '確認密碼']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: '建立帳戶' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用 Google 註冊' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '服務條款' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: '私隱政策' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('button', { name: '顯示密碼' })).toBeInTheDocument();
    // The contract's field messages come through translateText.
    await user.click(screen.getByRole('button', { name: '建立帳戶' }));
    expect((await screen.findAllByText('請檢查表格中的錯誤。')).length).toBeGreaterThan(0);
    expect(englishLeft(['HK'])).toEqual([]);

    await user.click(field('行業'));
    expect(await screen.findByRole('option', { name: '零售及電子商務' })).toBeInTheDocument();
  });

  it('reads in Simplified Chinese in continue mode', async () => {
    await setLocale('zh-Hans');
    localStorage.setItem('cameFromRegistration', 'true');
    localStorage.setItem('businessName', 'Harbour Coffee');
    renderApp('/register', { user: SAMPLE_USER });
    expect(await screen.findByRole('heading', { name: '继续注册' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '继续验证' })).toBeInTheDocument();
    expect(screen.getByText('想使用其他账户？')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(englishLeft(['Harbour Coffee', SAMPLE_USER.email ?? '', 'HK'])).toEqual([]);
  });
});

describe('phone verification in Chinese', { timeout: 20_000 }, () => {
  beforeEach(() => clearResendLog());

  it('asks for a phone in Traditional Chinese', async () => {
    await setLocale('zh-Hant');
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    expect(await screen.findByRole('heading', { name: '需要驗證電話號碼' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '發送驗證碼' }));
    expect(screen.getByText('請輸入有效的電話號碼')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登出' })).toBeInTheDocument();
    // HK: the country's code beside the phone (data).
    expect(englishLeft(['HK'])).toEqual([]);
  });

  it('shows the code step in Simplified Chinese, then follows a switch back to English', async () => {
    localStorage.setItem('phoneToVerify', '+85291234567');
    localStorage.setItem('phoneVerificationId', 'verification-id');
    localStorage.setItem('tenantId', 't-1');
    await setLocale('zh-Hans');
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    expect(await screen.findByText('我们已将 6 位验证码发送至', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '验证您的电话号码' })).toBeInTheDocument();
    expect(screen.getByText('60 秒后可重新发送')).toBeInTheDocument();
    expect(screen.getByLabelText('验证码')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '验证电话号码' })).toBeDisabled();
    expect(englishLeft(['+8••••••4567'])).toEqual([]);

    await user.selectOptions(screen.getByLabelText('语言'), 'en');
    expect(await screen.findByRole('heading', { name: 'Verify Your Phone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Different Phone' })).toBeInTheDocument();
  });
});
