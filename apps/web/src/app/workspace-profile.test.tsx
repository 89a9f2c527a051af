import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { createFakeProfileServer } from '@/test/profile-test-utils';
import { renderApp } from '@/test/render-app';
import { openUserMenu } from '@/test/user-menu';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

beforeEach(() => {
  serveApi(
    createFakeProfileServer([], {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.test',
      phone: '+85291234567',
    }).fetch,
  );
});

describe('sidebar user and Edit Profile', () => {
  it('shows the name and e-mail of GET /api/users/me rather than the provider’s', async () => {
    renderApp('/', { user: { ...SAMPLE_USER, displayName: 'Old Name' } });
    expect(await screen.findByRole('button', { name: /^Grace Hopper/ })).toBeInTheDocument();
    expect(screen.getByText('grace@example.test')).toBeInTheDocument();
    expect(screen.queryByText('Old Name')).toBeNull();
  });

  it('opens the Edit Profile dialog from the user menu', async () => {
    renderApp('/', { user: SAMPLE_USER });
    const user = userEvent.setup();
    await openUserMenu(user, 'Grace Hopper');
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Profile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('First Name')).toHaveValue('Grace');
  });
});
