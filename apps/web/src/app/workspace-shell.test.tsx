import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { openUserMenu } from '@/test/user-menu';

const NAV = [
  ['Dashboard', '/'],
  ['Users', '/users'],
  ['Members', '/members'],
  ['Counter', '/counter'],
  ['Memberships', '/memberships'],
  ['Rewards', '/rewards'],
  ['Promotions', '/promotions'],
  ['Branches', '/branches'],
  ['Wallet Settings', '/wallet-settings'],
  ['Point Settings', '/point-settings'],
  ['Stamp Card', '/stamp-card'],
  ['Store Settings', '/store-settings'],
  ['Enrolment', '/enrolment'],
  ['Messages', '/messages'],
  ['Automations', '/automations'],
  ['Developers', '/developers'],
  ['Activity', '/activity'],
] as const;
const ADMIN_ONLY: string[] = [
  'Rewards',
  'Promotions',
  'Branches',
  'Enrolment',
  'Messages',
  'Automations',
  'Developers',
  'Activity',
];

describe('workspace shell', () => {
  it('shows staff none of the owners’ and admins’ screens (Enrolment, Developers, Activity)', async () => {
    renderApp('/', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(NAV.filter(([name]) => !ADMIN_ONLY.includes(name)).map(([name]) => name));
  });

  it('lists the screens in order and marks the current one', async () => {
    renderApp('/memberships', { user: SAMPLE_USER });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(NAV);
    expect(within(nav).getByRole('link', { name: 'Memberships' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('navigates from the sidebar', async () => {
    const { router } = renderApp('/', { user: SAMPLE_USER });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Point Settings' }));
    expect(router.state.location.pathname).toBe('/point-settings');
    // The screen's code arrives as its own chunk, so it shows up a moment after the click.
    expect(await screen.findByRole('heading', { name: 'Point Settings' })).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths inside the workspace', async () => {
    renderApp('/nowhere', { user: SAMPLE_USER });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the four dashboard cards (their live figures are tested in features/dashboard)', async () => {
    renderApp('/', { user: SAMPLE_USER });
    for (const title of ['Total Users', 'Active Memberships', 'Total Points Issued', 'Wallet Cards Active']) {
      expect(await screen.findByText(title)).toBeInTheDocument();
    }
  });

  it('falls back to "Admin User" and offers Edit Profile and Log out', async () => {
    renderApp('/', { user: SAMPLE_USER });
    const user = userEvent.setup();
    await openUserMenu(user, 'Admin User');
    expect(await screen.findByRole('menuitem', { name: 'Edit Profile' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the display name when there is one', async () => {
    renderApp('/', { user: { ...SAMPLE_USER, displayName: 'Grace Hopper' } });
    expect(await screen.findByRole('button', { name: /^Grace Hopper/ })).toBeInTheDocument();
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
  });

  it('logs out and lands on /login', async () => {
    const onLogout = vi.fn();
    const { router } = renderApp('/users', { user: SAMPLE_USER, onLogout });
    const user = userEvent.setup();
    await openUserMenu(user, 'Admin User');
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(onLogout).toHaveBeenCalledOnce();
  });
});
