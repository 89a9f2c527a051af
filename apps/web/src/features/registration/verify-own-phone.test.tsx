import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearResendLog } from '@/components/verification/resend-log';
import { reloadAuthUser, sendPhoneLinkCode } from '@/lib/auth-phone';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { fetchOwnPhone } from './api/get-own-phone';

vi.mock('./api/activate-account', () => ({ activateAccount: vi.fn() }));
vi.mock('./api/register-business', () => ({ registerBusiness: vi.fn() }));
vi.mock('./api/get-own-phone', () => ({ fetchOwnPhone: vi.fn(async () => '') }));
vi.mock('@/lib/auth-phone', () => ({
  currentAuthUser: vi.fn(() => null),
  reloadAuthUser: vi.fn(async () => null),
  linkPhoneWithCode: vi.fn(),
  createInvisibleRecaptcha: vi.fn(() => ({ verifier: {}, clear: () => {} })),
  sendPhoneLinkCode: vi.fn(async () => 'new-id'),
}));

document.elementFromPoint ??= () => null;

const pending = { user: SAMPLE_USER, identity: { status: 'PENDING' as const } };

/** A team user's first sign-in: no phone of a registration in this browser, the owner's typed one on the account. */
describe('verify page for a team user', { timeout: 15_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    clearResendLog();
    vi.mocked(reloadAuthUser).mockResolvedValue(null);
  });

  it('starts with the phone the owner typed, so Send Verification Code needs no typing', async () => {
    vi.mocked(fetchOwnPhone).mockResolvedValue('+85291234567');
    const user = userEvent.setup();
    renderApp('/register/verify', pending);
    expect(await screen.findByText('Phone Verification Required')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Phone number')).toHaveValue('91234567');
    await user.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await waitFor(() => expect(sendPhoneLinkCode).toHaveBeenCalled());
    expect(vi.mocked(sendPhoneLinkCode).mock.calls[0]).toContain('+85291234567');
  });

  it('an account without a phone gets the empty field, as before', async () => {
    vi.mocked(fetchOwnPhone).mockResolvedValue('');
    renderApp('/register/verify', pending);
    expect(await screen.findByText('Phone Verification Required')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Phone number')).toHaveValue('');
  });
});
