import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

const firebaseError = (code: string) => Object.assign(new Error(`Firebase: (${code})`), { code });

async function submit(email = 'owner@example.com', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('login page', () => {
  it('shows the sign-in form', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to access the admin dashboard')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText("Don't have a business account yet?")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute('href', '/register');
  });

  it('says "Initializing..." while the provider starts', () => {
    renderApp('/login', { loading: true });
    expect(screen.getByText('Initializing...')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('requires both fields before calling the provider', async () => {
    const signInWithEmail = vi.fn(async () => SAMPLE_USER);
    renderApp('/login', { signInWithEmail });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(signInWithEmail).not.toHaveBeenCalled();
  });

  it('remembers the typed e-mail and restores it next time', async () => {
    const first = renderApp('/login');
    await userEvent.setup().type(screen.getByLabelText('Email'), 'kept@example.com');
    expect(localStorage.getItem('prefillEmail')).toBe('kept@example.com');
    first.unmount();

    renderApp('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('kept@example.com');
  });

  it.each([
    ['auth/invalid-credential', 'Incorrect password'],
    ['auth/wrong-password', 'Incorrect password'],
    ['auth/user-not-found', 'No account found with this email'],
    ['auth/too-many-requests', 'Too many failed attempts. Try again later'],
    ['auth/internal-error', 'Failed to log in. Please check your credentials.'],
  ])('shows the message for %s', async (code, message) => {
    renderApp('/login', {
      signInWithEmail: async () => {
        throw firebaseError(code);
      },
    });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('goes to the dashboard when the identity is OK', async () => {
    const signInWithEmail = vi.fn(async () => SAMPLE_USER);
    const { router } = renderApp('/login', { signInWithEmail });
    await submit('  owner@example.com ', 'secret-pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signInWithEmail).toHaveBeenCalledWith('owner@example.com', 'secret-pass');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('takes staff to the counter, the screen of their day', async () => {
    const { router } = renderApp('/login', {
      identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
    });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/counter'));
  });

  it('goes to phone verification when the identity is pending', async () => {
    const { router } = renderApp('/login', { identity: { status: 'PENDING' } });
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/verify'));
  });

  it('stays and shows a "Login" toast when the identity cannot be read', async () => {
    const { router } = renderApp('/login', { identity: { status: 'UNKNOWN', message: 'Forbidden' } });
    await submit();
    expect(await screen.findByText('Login')).toBeInTheDocument();
    expect(screen.getAllByText('Forbidden').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to "Unable to fetch member identity"', async () => {
    renderApp('/login', { identity: { status: 'UNKNOWN', message: '' } });
    await submit();
    expect((await screen.findAllByText('Unable to fetch member identity')).length).toBeGreaterThan(0);
  });

  it('redirects a user who is already signed in', async () => {
    const { router } = renderApp('/login', { user: SAMPLE_USER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('login page, Google', () => {
  it('with the emulator, signs in with the account picked in the in-app chooser', async () => {
    const signInWithGoogle = vi.fn(async () => SAMPLE_USER);
    const { router } = renderApp('/login', { emulator: true, signInWithGoogle });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const dialog = await screen.findByRole('dialog', { name: 'Emulator Google account' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(signInWithGoogle).toHaveBeenCalledWith({ email: 'ada.lovelace@example.com', name: 'Ada Lovelace' });
  });

  it('with the emulator, cancelling the chooser is silent', async () => {
    const signInWithGoogle = vi.fn(async () => SAMPLE_USER);
    renderApp('/login', { emulator: true, signInWithGoogle });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(signInWithGoogle).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the popup-blocked message and says nothing when the popup was closed', async () => {
    const codes = ['auth/popup-blocked', 'auth/popup-closed-by-user'];
    renderApp('/login', {
      signInWithGoogle: async () => {
        throw firebaseError(codes.shift() ?? 'auth/internal-error');
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please allow popups for this site');
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
