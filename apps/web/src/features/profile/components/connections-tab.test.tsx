import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('Edit Profile: Connections tab', () => {
  const row = () => screen.getByTestId('google-connection');

  it('links Google after the password and the emulator chooser, then reads "Connected"', async () => {
    const user = await open(['password', 'phone']);
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(within(row()).getByText('Google Account')).toBeInTheDocument();
    expect(within(row()).getByText('Not connected')).toBeInTheDocument();
    await user.click(within(row()).getByRole('button', { name: 'Connect' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Your Identity' });
    await user.type(within(confirm).getByLabelText('Password'), 'secret{Enter}');
    const chooser = await screen.findByRole('dialog', { name: 'Emulator Google account' });
    const email = within(chooser).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada.google@example.test');
    await user.click(within(chooser).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(row()).getByText('Connected')).toBeInTheDocument());
    expect(within(row()).getByRole('button', { name: 'Unlink' })).toBeEnabled();
    expect(log).toEqual(['reauthenticate secret', 'linkGoogle ada.google@example.test']);
  });

  it('unlinks Google after the password and reads "Not connected"', async () => {
    const user = await open(['password', 'google.com']);
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(within(row()).getByText('Connected')).toBeInTheDocument();
    await user.click(within(row()).getByRole('button', { name: 'Unlink' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Your Identity' });
    await user.type(within(confirm).getByLabelText('Password'), 'secret{Enter}');
    await waitFor(() => expect(within(row()).getByText('Not connected')).toBeInTheDocument());
    expect(log).toEqual(['reauthenticate secret', 'unlinkGoogle']);
  });

  it('shows "Connected (Primary)" and a disabled Unlink with the reason when Google is the only method', async () => {
    const user = await open(['google.com', 'phone']);
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    expect(within(row()).getByText('Connected (Primary)')).toBeInTheDocument();
    const unlink = within(row()).getByRole('button', { name: 'Unlink' });
    expect(unlink).toBeDisabled();
    expect(unlink).toHaveAccessibleDescription(
      'You cannot unlink your only authentication method. Please set up another method before unlinking.',
    );
    await user.hover(unlink.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You cannot unlink your only authentication method.');
    expect(screen.getByText('Sign-in methods: Google, Phone')).toBeInTheDocument();
  });

  it('says nothing and links nothing when the emulator chooser is cancelled', async () => {
    const user = await open(['phone']);
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    await user.click(within(row()).getByRole('button', { name: 'Connect' }));
    const chooser = await screen.findByRole('dialog', { name: 'Emulator Google account' });
    await user.click(within(chooser).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Emulator Google account' })).toBeNull());
    expect(within(row()).getByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(log).toEqual([]);
  });

  it('maps a Google account linked to another user', async () => {
    const user = await open(['password'], {
      linkGoogle: async () => {
        throw Object.assign(new Error('x'), { code: 'auth/credential-already-in-use' });
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    await user.click(within(row()).getByRole('button', { name: 'Connect' }));
    await user.type(
      within(await screen.findByRole('dialog', { name: 'Confirm Your Identity' })).getByLabelText('Password'),
      'p{Enter}',
    );
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Emulator Google account' })).getByRole('button', {
        name: 'Continue',
      }),
    );
    expect(await screen.findByText('This Google account is already linked to another user.')).toBeInTheDocument();
    expect(within(row()).getByText('Not connected')).toBeInTheDocument();
  });

  it('says "Failed to unlink the account. Please try again." when unlinking fails', async () => {
    const user = await open(['google.com', 'password'], {
      unlinkGoogle: async () => {
        throw new Error('network');
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Connections' }));
    await user.click(within(row()).getByRole('button', { name: 'Unlink' }));
    await user.type(
      within(await screen.findByRole('dialog', { name: 'Confirm Your Identity' })).getByLabelText('Password'),
      'p{Enter}',
    );
    expect(await screen.findByText('Failed to unlink the account. Please try again.')).toBeInTheDocument();
    expect(within(row()).getByText('Connected')).toBeInTheDocument();
  });
});
