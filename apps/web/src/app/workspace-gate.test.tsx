import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MemberIdentityResult } from '@/lib/member-identity';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

describe('workspace gate', () => {
  it('says "Preparing your workspace…" while the session loads', () => {
    renderApp('/', { loading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Preparing your workspace…');
  });

  it('keeps the workspace hidden while the identity is being checked', () => {
    renderApp('/', { user: SAMPLE_USER, identity: () => new Promise<MemberIdentityResult>(() => {}) });
    expect(screen.getByText('Preparing your workspace…')).toBeInTheDocument();
    expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
  });

  it('starts the identity check for a session Firebase is still restoring, and still shows nothing', async () => {
    let asked = 0;
    renderApp('/', {
      loading: true,
      restoringUid: SAMPLE_USER.uid,
      identity: async () => {
        asked += 1;
        return { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' };
      },
    });
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.getByText('Preparing your workspace…')).toBeInTheDocument();
    expect(screen.queryByText('Admin Portal')).not.toBeInTheDocument();
  });

  it('does not check anyone while loading without a stored session', async () => {
    let asked = 0;
    renderApp('/', {
      loading: true,
      identity: async () => {
        asked += 1;
        return { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' };
      },
    });
    expect(await screen.findByText('Preparing your workspace…')).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderApp('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
  });

  it('shows the workspace when the identity is OK', async () => {
    renderApp('/', { user: SAMPLE_USER });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Admin Portal')).toBeInTheDocument();
  });

  it('sends a pending user to /register/verify', async () => {
    const { router } = renderApp('/', { user: SAMPLE_USER, identity: { status: 'PENDING' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'));
  });

  it('sends NOT_AUTHENTICATED to /login', async () => {
    const { router } = renderApp('/members', { user: SAMPLE_USER, identity: { status: 'NOT_AUTHENTICATED' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets the user through on any other answer, with an "Access" toast', async () => {
    // On the dashboard: a data screen would replace the toast with its own failed-load toast (one at a time).
    renderApp('/', { user: SAMPLE_USER, identity: { status: 'UNKNOWN', message: 'HTTP 500' } });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(await screen.findByText('Access')).toBeInTheDocument();
    expect(screen.getAllByText('HTTP 500').length).toBeGreaterThan(0);
  });

  it('says "Unable to verify access." when the failure has no message', async () => {
    renderApp('/', { user: SAMPLE_USER, identity: { status: 'UNKNOWN', message: '' } });
    expect((await screen.findAllByText('Unable to verify access.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
