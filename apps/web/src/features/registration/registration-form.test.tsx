import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { registerBusiness } from './api/register-business';

vi.mock('./api/register-business', () => ({ registerBusiness: vi.fn() }));
vi.mock('@/lib/auth-phone', () => ({
  currentAuthUser: vi.fn(() => null),
  createPasswordAccount: vi.fn(async () => SAMPLE_USER),
  createInvisibleRecaptcha: vi.fn(() => ({ verifier: {}, clear: () => {} })),
  sendPhoneLinkCode: vi.fn(async () => 'verification-id'),
}));

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, button' });

async function blur(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(field(label));
  await user.tab();
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Business Name'), 'Harbour Coffee');
  await user.click(field('Industry'));
  await user.click(await screen.findByRole('option', { name: 'Retail & E-commerce' }));
  await user.type(field('Email Address'), 'owner@example.com');
  await user.type(field('First Name'), 'Olivia');
  await user.type(field('Last Name'), 'Owner');
  await user.type(screen.getByPlaceholderText('Phone number'), '91234567');
  await user.type(field('Password'), 'long-enough');
  await user.type(field('Confirm Password'), 'long-enough');
}

// Typing a whole form through user-event is slow on a busy machine.
describe('registration form', { timeout: 20_000 }, () => {
  // Braces matter: a function returned from beforeEach would run as the test's cleanup.
  beforeEach(() => {
    vi.mocked(registerBusiness).mockReset();
  });

  it('shows every field, the Google button and the legal links', () => {
    renderApp('/register');
    for (const label of ['Business Name', 'Industry', 'Email Address', 'First Name', 'Last Name', 'Password']) {
      expect(field(label)).toBeInTheDocument();
    }
    expect(field('Confirm Password')).toBeInTheDocument();
    expect(screen.getByText('Select your industry')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Hong Kong \(\+852\)/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
    expect(screen.getByText('OR CONTINUE WITH')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByTestId('recaptcha-container')).toBeInTheDocument();
  });

  it('validates each field on blur with the spec messages', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await blur(user, 'Business Name');
    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    await user.type(field('Email Address'), 'nope');
    await user.tab();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await blur(user, 'First Name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await blur(user, 'Last Name');
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    await user.click(screen.getByPlaceholderText('Phone number'));
    await user.tab();
    expect(await screen.findByText('Contact phone is required')).toBeInTheDocument();
    await user.type(field('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await blur(user, 'Confirm Password');
    expect(await screen.findByText('Please confirm your password')).toBeInTheDocument();
    await user.type(field('Confirm Password'), 'other');
    await user.tab();
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    // Nothing was checked on change yet: the industry only complains on submit or when its list closes.
    expect(screen.queryByText('Industry is required')).not.toBeInTheDocument();
  });

  it('once a field was blurred, re-validates it as the user types (no submit needed)', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await blur(user, 'First Name');
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    await user.type(field('First Name'), 'O');
    await waitFor(() => expect(screen.queryByText('First name is required')).not.toBeInTheDocument());
    await user.clear(field('First Name'));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(registerBusiness).not.toHaveBeenCalled();
  });

  it('after a submit, re-validates as the user types', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Industry is required')).toBeInTheDocument();
    expect(screen.getByText('Business name is required')).toBeInTheDocument();
    await user.type(field('Business Name'), 'H');
    await waitFor(() => expect(screen.queryByText('Business name is required')).not.toBeInTheDocument());
    await user.type(screen.getByPlaceholderText('Phone number'), '12345678901234567');
    expect(await screen.findByText('Invalid phone. Use international format like +15551234567')).toBeInTheDocument();
    expect(registerBusiness).not.toHaveBeenCalled();
  });

  it('puts server field errors on their fields and says "Please check the form for errors."', async () => {
    vi.mocked(registerBusiness).mockImplementation(async () => {
      throw new ApiError({
        status: 400,
        message: 'Validation failed',
        fieldErrors: { businessName: 'Name taken here' },
      });
    });
    const user = userEvent.setup();
    renderApp('/register');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name taken here')).toBeInTheDocument();
    expect(screen.getAllByText('Please check the form for errors.').length).toBeGreaterThan(0);
    expect(registerBusiness).toHaveBeenCalledWith({
      businessName: 'Harbour Coffee',
      industry: 'Retail & E-commerce',
      email: 'owner@example.com',
      firstName: 'Olivia',
      lastName: 'Owner',
      phone: '+85291234567',
      language: 'en',
    });
  });

  it.each([
    [409, 'Already registered', 'An account with this email already exists. Please sign in instead.'],
    [401, 'Authentication failed', 'Please try again.'],
    [500, 'Registration failed', 'Server error. Please try again later.'],
  ])('answers a %s with the spec toast', async (status, title, description) => {
    vi.mocked(registerBusiness).mockImplementation(async () => {
      throw new ApiError({ status, message: `${status}: ` });
    });
    const user = userEvent.setup();
    renderApp('/register');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findAllByText(title)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(description).length).toBeGreaterThan(0);
  });

  it('"Log in here" remembers the typed e-mail for the login screen', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/register');
    await user.type(field('Email Address'), 'kept@example.com');
    await user.click(screen.getByRole('link', { name: 'Log in here' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('prefillEmail')).toBe('kept@example.com');
  });

  it('sends a signed-in visitor who is not registering to the dashboard', async () => {
    const { router } = renderApp('/register', { user: SAMPLE_USER });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('registration with Google', () => {
  it('fills e-mail and names from the account, locks them and drops the password', async () => {
    const google = { ...SAMPLE_USER, email: 'grace@example.com', displayName: 'Grace Brewster Hopper' };
    const user = userEvent.setup();
    renderApp('/register', {
      signInWithGoogle: async () => google,
      identity: { status: 'UNKNOWN', message: 'This account does not belong to any business.' },
    });
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect(await screen.findByRole('button', { name: 'Connected with Google' })).toBeDisabled();
    expect(field('Email Address')).toHaveValue('grace@example.com');
    expect(field('Email Address')).toHaveAttribute('readonly');
    expect(field('First Name')).toHaveValue('Grace');
    expect(field('Last Name')).toHaveValue('Brewster Hopper');
    expect(field('Last Name')).toHaveAttribute('readonly');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('cancelling the emulator chooser says "Google Sign-in Cancelled"', async () => {
    const user = userEvent.setup();
    renderApp('/register', { emulator: true });
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await screen.findAllByText('Google Sign-in Cancelled')).length).toBeGreaterThan(0);
  });

  it('an existing portal user is told "Account Already Exists"', async () => {
    const user = userEvent.setup();
    renderApp('/register');
    await user.click(screen.getByRole('button', { name: 'Sign up with Google' }));
    expect((await screen.findAllByText('Account Already Exists')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();
  });
});
