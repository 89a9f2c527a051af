import type { Role } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';
import { server } from '@/test/setup-checklist-test-api';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const renderDashboard = (role: Role = 'owner') =>
  renderApp('/', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });

describe('setup checklist on the dashboard', () => {
  beforeEach(async () => {
    server.reset();
    await setLocale('en');
  });

  it('lists the six steps as links to where each is done, the card marked optional, the done one ticked', async () => {
    renderDashboard();
    const list = await screen.findByTestId('setup-checklist');
    expect(within(list).getByRole('heading', { name: 'Set up your programme' })).toBeInTheDocument();
    expect(within(list).getByText('1 of 6 steps done. Each step opens where it is done.')).toBeInTheDocument();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/point-settings',
      '/wallet-settings',
      '/store-settings',
      '/enrolment',
      '/enrolment',
      '/members',
    ]);
    expect(links[0]?.textContent).toMatch(/^Set how customers earn points \(done\)/);
    expect(links[1]?.textContent).toMatch(/^Design your wallet card \(to do\).*Optional$/);
    expect(within(list).getAllByText('Optional')).toHaveLength(1);
  });

  it('a step opens its screen', async () => {
    const { router } = renderDashboard('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: /Open your join page/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrolment'));
  });

  it('Hide checklist dismisses it on the server and it is gone', async () => {
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide checklist' }));
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
    expect(server.setup.dismissed).toBe(true);
  });

  it('once every required step is done (the first member joined) it points to the counter, until hidden', async () => {
    server.setup.steps = server.setup.steps.map((step) => ({ ...step, done: !step.optional }));
    renderDashboard();
    const checklist = await screen.findByTestId('setup-checklist');
    expect(within(checklist).getByRole('heading', { name: 'Your programme is set up' })).toBeInTheDocument();
    expect(within(checklist).getByRole('link', { name: /Record purchases at the counter/ })).toHaveAttribute(
      'href',
      '/counter',
    );
    const user = userEvent.setup();
    await user.click(within(checklist).getByRole('button', { name: 'Hide checklist' }));
    await waitFor(() => expect(screen.queryByTestId('setup-checklist')).toBeNull());
  });

  it('staff never ask for it and see none', async () => {
    renderDashboard('staff');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(server.setupGets).toBe(0);
  });

  it.each([
    ['zh-Hant', '設定您的會員計劃', '可選'],
    ['zh-Hans', '设置您的会员计划', '可选'],
  ] as const)('%s: the checklist in Chinese, no English left', async (locale, title, optional) => {
    await setLocale(locale);
    renderDashboard();
    const list = await screen.findByTestId('setup-checklist');
    expect(within(list).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(within(list).getByText(optional)).toBeInTheDocument();
    expect(englishLeft(list)).toEqual([]);
  });
});
