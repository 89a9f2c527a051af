import type { Role } from '@loyalty/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import type { MemberIdentityResult } from '@/lib/member-identity';
import { SAMPLE_USER } from '@/test/fake-auth';
import { server } from '@/test/point-settings-test-api';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';
import { withSeconds } from './point-settings-form';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const renderPage = (role: Role = 'owner') =>
  renderApp('/point-settings', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });

const saved = {
  earnRateAmount: 10,
  earnRatePoints: 100,
  redeemRatePoints: 100,
  redeemRateAmount: 1,
  minimumRedemption: null,
  maximumRedemption: null,
  expiryType: 'DAYS',
  pointsExpiryDays: 365,
  pointsExpiryDate: null,
  isActive: true,
  description: 'Our points',
  refundWindowDays: 90,
  maxPointsPerPurchase: null,
  maxPurchasesPerMemberPerDay: null,
  staffMaxPurchaseAmount: 500,
  expiryWarningDays: null,
};

async function fillRates(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Amount Spent ($)'), '10.00');
  await user.type(screen.getByLabelText('Points Earned'), '100');
  await user.type(screen.getByLabelText('Points Required'), '100');
  await user.type(screen.getByLabelText('Redemption Value ($)'), '1.00');
}

describe('Point Settings page', () => {
  beforeEach(() => {
    server.reset();
    localStorage.clear();
  });

  it('asks for the settings alongside the identity check when the tenant is known, and shows them only after it', async () => {
    localStorage.setItem('tenantId', 't-1');
    server.stored = saved;
    let letIn = (_: MemberIdentityResult) => {};
    renderApp('/point-settings', {
      user: SAMPLE_USER,
      identity: () => new Promise<MemberIdentityResult>((resolve) => (letIn = resolve)),
    });
    await waitFor(() => expect(server.gets).toBe(1));
    expect(screen.getByText('Preparing your workspace…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount Spent ($)')).toBeNull();
    letIn({ status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' });
    expect(await screen.findByLabelText('Amount Spent ($)')).toHaveValue(10);
    expect(server.gets).toBe(1);
  });

  it('without a known tenant, asks for the settings once, after the identity check has answered', async () => {
    server.stored = saved;
    let letIn = (_: MemberIdentityResult) => {};
    renderApp('/point-settings', {
      user: SAMPLE_USER,
      identity: () => new Promise<MemberIdentityResult>((resolve) => (letIn = resolve)),
    });
    expect(screen.getByText('Preparing your workspace…')).toBeInTheDocument();
    letIn({ status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' });
    expect(await screen.findByLabelText('Amount Spent ($)')).toHaveValue(10);
    expect(server.gets).toBe(1);
  });

  it('404 shows the defaults: every placeholder, empty numbers, Never, active, empty description', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Point Settings' })).toBeInTheDocument();
    expect(screen.getByText('Configure point earning and redemption rates')).toBeInTheDocument();
    const earn = await screen.findByLabelText('Amount Spent ($)');
    expect(earn).toHaveValue(null);
    expect(earn).toHaveAttribute('placeholder', '10.00');
    expect(earn).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Points Earned')).toHaveAttribute('placeholder', '100');
    expect(screen.getByLabelText('Points Required')).toHaveAttribute('placeholder', '100');
    expect(screen.getByLabelText('Redemption Value ($)')).toHaveAttribute('placeholder', '1.00');
    expect(screen.getByLabelText('Redemption Value ($)')).toHaveAttribute('step', '0.01');
    expect(screen.getByLabelText('Minimum Redemption (points)')).toHaveAttribute('placeholder', '100');
    expect(screen.getByLabelText('Maximum Redemption (points)')).toHaveAttribute('placeholder', '10000');
    for (const title of ['Earn Rate', 'Redeem Rate', 'Redemption Limits', 'Point Expiry', 'Additional Settings']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Points system active' })).toBeChecked();
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
  });

  it('shows saved settings, and the plain-language lines follow what is typed', async () => {
    server.stored = saved;
    renderPage();
    expect(await screen.findByLabelText('Amount Spent ($)')).toHaveValue(10);
    expect(screen.getByText('Spend $10.00 → earn 100 points')).toBeInTheDocument();
    expect(screen.getByText('100 points → $1.00 off')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'After Days' })).toBeChecked();
    expect(screen.getByLabelText('Expiry Days')).toHaveValue(365);
    expect(screen.getByLabelText('Refund Window (days)')).toHaveValue(90);
    expect(screen.getByLabelText('Largest Amount Staff May Record ($)')).toHaveValue(500);
    expect(screen.getByLabelText('Most Points per Purchase')).toHaveValue(null);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Amount Spent ($)'));
    await user.type(screen.getByLabelText('Amount Spent ($)'), '2.5');
    expect(screen.getByText('Spend $2.50 → earn 100 points')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Points Required'));
    await user.type(screen.getByLabelText('Points Required'), '1');
    expect(screen.getByText('1 point → $1.00 off')).toBeInTheDocument();
  });

  it('error card with the message and Retry that loads again; skeleton while loading', async () => {
    server.getFailures = 1;
    server.stored = saved;
    let answer = () => {};
    server.getHold = new Promise((resolve) => {
      answer = resolve;
    });
    renderPage();
    expect(await screen.findByRole('status', { name: 'Loading point settings' })).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Error Loading Settings')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Amount Spent ($)')).toHaveValue(10);
    expect(screen.queryByText('Error Loading Settings')).toBeNull();
  });

  it('expiry type switching: DAYS shows days, DATE clears the days, NEVER clears both, DAYS clears the date', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Expiry Days')).toHaveValue(365);
    await user.click(screen.getByRole('radio', { name: 'On Specific Date' }));
    expect(screen.queryByLabelText('Expiry Days')).toBeNull();
    const date = screen.getByLabelText('Expiry Date');
    await user.type(date, '2030-06-30T12:30');
    await user.click(screen.getByRole('radio', { name: 'After Days' }));
    expect(screen.getByLabelText('Expiry Days')).toHaveValue(null);
    expect(screen.getByLabelText('Expiry Days')).toHaveAttribute('placeholder', '365');
    await user.type(screen.getByLabelText('Expiry Days'), '30');
    await user.click(screen.getByRole('radio', { name: 'On Specific Date' }));
    expect(screen.getByLabelText('Expiry Date')).toHaveValue('');
    await user.type(screen.getByLabelText('Expiry Date'), '2030-06-30T12:30');
    await user.click(screen.getByRole('radio', { name: 'Never' }));
    expect(screen.queryByLabelText('Expiry Date')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({ expiryType: 'NEVER', pointsExpiryDays: null, pointsExpiryDate: null });
  });

  it('fills the suggested rates in one click, leaving the fields empty until then, and saves them', async () => {
    renderPage();
    const user = userEvent.setup();
    const earn = await screen.findByLabelText('Amount Spent ($)');
    expect(earn).toHaveValue(null);
    expect(screen.getByText(/The grey numbers are examples, not your settings/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use suggested values' }));
    expect(earn).toHaveValue(10);
    expect(screen.getByLabelText('Points Earned')).toHaveValue(100);
    expect(screen.getByLabelText('Points Required')).toHaveValue(100);
    expect(screen.getByLabelText('Redemption Value ($)')).toHaveValue(1);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({
      earnRateAmount: 10,
      earnRatePoints: 100,
      redeemRatePoints: 100,
      redeemRateAmount: 1,
    });
  });

  it('a date without seconds is sent with :00 appended', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Amount Spent ($)');
    await fillRates(user);
    await user.click(screen.getByRole('radio', { name: 'On Specific Date' }));
    await user.type(screen.getByLabelText('Expiry Date'), '2030-06-30T12:30');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({
      expiryType: 'DATE',
      pointsExpiryDate: '2030-06-30T12:30:00',
      pointsExpiryDays: null,
    });
    expect(await screen.findByText('Points conversion settings saved successfully')).toBeInTheDocument();
  });

  it('the seconds rule: no colon gets :00, 16 characters get :00, anything else is kept', () => {
    expect(withSeconds('2030-06-30T12')).toBe('2030-06-30T12:00');
    expect(withSeconds('2030-06-30T12:30')).toBe('2030-06-30T12:30:00');
    expect(withSeconds('2030-06-30T12:30:15')).toBe('2030-06-30T12:30:15');
  });

  it('names every missing rule with the spec messages and sends nothing', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Amount Spent ($)');
    await user.click(screen.getByRole('radio', { name: 'After Days' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Please enter earn rate amount and points.')).toBeInTheDocument();
    expect(screen.getByText('Please enter redeem rate points and amount.')).toBeInTheDocument();
    expect(screen.getByText('Please enter expiry days when using days-based expiry.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'On Specific Date' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Please select expiry date when using date-based expiry.')).toBeInTheDocument();
    expect(server.saved).toHaveLength(0);
  });

  it('sends numbers, empty limits as null, the switch and description; Saving... while pending', async () => {
    let release = () => {};
    server.saveHold = new Promise((resolve) => {
      release = resolve;
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Amount Spent ($)');
    await fillRates(user);
    await user.click(screen.getByRole('switch', { name: 'Points system active' }));
    await user.type(screen.getByLabelText('Description'), 'Points for coffee');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Points conversion settings saved successfully')).toBeInTheDocument();
    expect(server.saved[0]).toEqual({
      earnRateAmount: 10,
      earnRatePoints: 100,
      redeemRatePoints: 100,
      redeemRateAmount: 1,
      minimumRedemption: null,
      maximumRedemption: null,
      expiryType: 'NEVER',
      pointsExpiryDays: null,
      pointsExpiryDate: null,
      isActive: false,
      description: 'Points for coffee',
      refundWindowDays: 90,
      maxPointsPerPurchase: null,
      maxPurchasesPerMemberPerDay: null,
      staffMaxPurchaseAmount: null,
      expiryWarningDays: null,
    });
  });

  it('a failed save shows the error toast', async () => {
    server.saveFails = true;
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Amount Spent ($)');
    await fillRates(user);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to save points conversion settings')).toBeInTheDocument();
  });

  it('staff see the settings read-only: fields disabled, no Save', async () => {
    server.stored = saved;
    renderPage('staff');
    expect(await screen.findByLabelText('Amount Spent ($)')).toBeDisabled();
    expect(screen.getByLabelText('Expiry Days')).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Never' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Points system active' })).toBeDisabled();
    expect(screen.getByLabelText('Description')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });
});

describe('Point Settings page in Chinese', () => {
  beforeEach(() => server.reset());

  it('zh-Hant: cards, choices, summaries and Save in Traditional Chinese, no English left', async () => {
    server.stored = saved;
    await setLocale('zh-Hant');
    renderPage();
    expect(await screen.findByRole('heading', { name: '積分設定' })).toBeInTheDocument();
    expect(await screen.findByLabelText('消費金額（$）')).toHaveValue(10);
    expect(screen.getByText('消費 $10.00 → 賺取 100 積分')).toBeInTheDocument();
    expect(screen.getByText('100 積分 → 減 $1.00')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '指定日數後' })).toBeChecked();
    expect(screen.getByRole('button', { name: '儲存設定' })).toBeInTheDocument();
    expect(englishLeft(screen.getByRole('main'), ['Our points'])).toEqual([]);
  });

  it('zh-Hans: staff see the read-only notice and the cards in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    renderPage('staff');
    expect(await screen.findByRole('heading', { name: '积分设置' })).toBeInTheDocument();
    expect(screen.getByText('您可以查看这些设置。只有管理员或所有者可以更改。')).toBeInTheDocument();
    expect(await screen.findByText('输入金额和积分，即可查看一次消费可获得多少。')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '永不过期' })).toBeChecked();
    expect(englishLeft(screen.getByRole('main'))).toEqual([]);
  });
});
