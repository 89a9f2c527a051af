import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearResendLog } from '@/components/verification/resend-log';
import { ApiError } from '@/lib/api-client';
import { linkPhoneWithCode, reloadAuthUser } from '@/lib/auth-phone';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { activateAccount } from './api/activate-account';

vi.mock('./api/activate-account', () => ({ activateAccount: vi.fn() }));
vi.mock('./api/register-business', () => ({ registerBusiness: vi.fn() }));
vi.mock('@/lib/auth-phone', () => ({
  currentAuthUser: vi.fn(() => null),
  reloadAuthUser: vi.fn(async () => null),
  linkPhoneWithCode: vi.fn(),
  createInvisibleRecaptcha: vi.fn(() => ({ verifier: {}, clear: () => {} })),
  sendPhoneLinkCode: vi.fn(async () => 'new-id'),
}));

// input-otp probes for password-manager badges with elementFromPoint, which jsdom lacks.
document.elementFromPoint ??= () => null;

const pending = { user: SAMPLE_USER, identity: { status: 'PENDING' as const } };
const firebaseError = (code: string) => Object.assign(new Error(code), { code });

function storeSession() {
  localStorage.setItem('phoneToVerify', '+85291234567');
  localStorage.setItem('phoneVerificationId', 'verification-id');
  localStorage.setItem('tenantId', 't-1');
}

describe('verify page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    clearResendLog();
    vi.mocked(activateAccount).mockReset();
    vi.mocked(linkPhoneWithCode).mockReset();
    vi.mocked(reloadAuthUser).mockResolvedValue(null);
  });

  it('says "Loading verification flow…" while the session is unknown', () => {
    renderApp('/register/verify', { loading: true });
    expect(screen.getByText('Loading verification flow…')).toBeInTheDocument();
  });

  it('asks for a phone when none is stored, and checks what is typed', async () => {
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    expect(await screen.findByText('Phone Verification Required')).toBeInTheDocument();
    expect(
      screen.getByText('No verification session found. Please enter your phone number to continue.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Different Phone' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Phone number'), '123');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(screen.getByText('Please enter a valid phone number')).toBeInTheDocument();
  });

  it('stores the ids of the verify link', async () => {
    renderApp('/register/verify?tenantId=t-9&userId=u-9', pending);
    await screen.findByText('Phone Verification Required');
    expect(localStorage.getItem('tenantId')).toBe('t-9');
    expect(localStorage.getItem('userId')).toBe('u-9');
  });

  it('verifies a 6-digit code by itself, activates and heads for the dashboard', async () => {
    storeSession();
    vi.mocked(linkPhoneWithCode).mockResolvedValue({ ...SAMPLE_USER, phoneNumber: '+85291234567' });
    vi.mocked(activateAccount).mockResolvedValue({ tenantId: 't-1', userId: 'u-1', status: 'ACTIVE' });
    const user = userEvent.setup();
    const { router } = renderApp('/register/verify', pending);
    expect(await screen.findByText('+8••••••4567')).toBeInTheDocument();
    expect(screen.getByText("We've sent a 6-digit verification code to", { exact: false })).toBeInTheDocument();
    expect(screen.getByText('Resend code in 60s')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Phone' })).toBeDisabled();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await waitFor(() => expect(linkPhoneWithCode).toHaveBeenCalledWith('verification-id', '123456'));
    expect(activateAccount).toHaveBeenCalledWith('t-1');
    expect(await screen.findByText('Redirecting to your dashboard...')).toBeInTheDocument();
    expect(screen.getAllByText('Registration successful!').length).toBeGreaterThan(0);
    expect(localStorage.getItem('phoneToVerify')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
  });

  it('clears a wrong code and says so', async () => {
    storeSession();
    vi.mocked(linkPhoneWithCode).mockRejectedValue(firebaseError('auth/invalid-verification-code'));
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    expect((await screen.findAllByText('Invalid code. Please try again.')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveValue(''));
    expect(activateAccount).not.toHaveBeenCalled();
  });

  it('explains an activation refused for a missing phone', async () => {
    storeSession();
    vi.mocked(linkPhoneWithCode).mockResolvedValue(SAMPLE_USER);
    vi.mocked(activateAccount).mockRejectedValue(
      new ApiError({ status: 403, message: 'x', body: { code: 'PHONE_NOT_VERIFIED', message: 'x' } }),
    );
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    expect((await screen.findAllByText('Phone verification required. Please try again.')).length).toBeGreaterThan(0);
  });

  it('activates at once when Firebase already has the phone; 409 counts as done', async () => {
    localStorage.setItem('tenantId', 't-1');
    vi.mocked(reloadAuthUser).mockResolvedValue({ ...SAMPLE_USER, phoneNumber: '+85291234567' });
    vi.mocked(activateAccount).mockRejectedValue(new ApiError({ status: 409, message: 'Already active' }));
    renderApp('/register/verify', pending);
    expect(await screen.findByText('Redirecting to your dashboard...')).toBeInTheDocument();
    expect(linkPhoneWithCode).not.toHaveBeenCalled();
  });

  it('"Use Different Phone" marks the return and opens the registration in continue mode', async () => {
    storeSession();
    localStorage.setItem('registrationEmail', 'owner@example.com');
    localStorage.setItem('businessName', 'Harbour Coffee');
    const user = userEvent.setup();
    const { router } = renderApp('/register/verify', pending);
    await user.click(await screen.findByRole('button', { name: 'Use Different Phone' }));
    expect(localStorage.getItem('cameFromRegistration')).toBe('true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('heading', { name: 'Continue Registration' })).toBeInTheDocument();
    expect(screen.getByLabelText('Business Name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).not.toBeInTheDocument();
  });

  it('"Sign in" in continue mode clears the registration and signs out', async () => {
    localStorage.setItem('cameFromRegistration', 'true');
    localStorage.setItem('businessName', 'Harbour Coffee');
    localStorage.setItem('phoneToVerify', '+85291234567');
    const onLogout = vi.fn();
    const user = userEvent.setup();
    const { router } = renderApp('/register', { user: SAMPLE_USER, onLogout });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(onLogout).toHaveBeenCalled();
    expect(localStorage.getItem('businessName')).toBeNull();
    expect(localStorage.getItem('phoneToVerify')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
