import type { Profile } from '@loyalty/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { type AccountActions, AccountActionsContext } from '@/features/profile/account-actions';
import { EditProfileDialog } from '@/features/profile/components/edit-profile-dialog';
import type { AuthUser } from '@/lib/auth-context';
import { createQueryClient } from '@/lib/query-client';
import { json, routeFetch } from '@/test/fake-api';
import { FakeAuthProvider, SAMPLE_USER } from '@/test/fake-auth';

export const SAMPLE_PROFILE: Profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phone: '+85291234567',
};

/**
 * A stand-in for GET/PUT /api/users/me on the shared fake API. Every call lands in `log` beside the
 * fake account actions' calls, so a test can assert the order of API and provider steps together.
 */
export function createFakeProfileServer(log: string[], initial: Profile = SAMPLE_PROFILE) {
  let profile = { ...initial };
  const failures = new Map<string, { status: number; body: unknown }>();
  const { fetch } = routeFetch({
    'GET /api/users/me': () => json(profile),
    '/api/users/me': ({ body: sent }) => {
      const body = sent as Record<string, string>;
      const key = Object.keys(body).join(',');
      log.push(`PUT ${key}`);
      const failure = failures.get(key);
      if (failure) return json(failure.body, failure.status);
      if (body.first_name !== undefined)
        profile = { ...profile, firstName: body.first_name, lastName: body.last_name ?? '' };
      if (body.phone !== undefined) profile = { ...profile, phone: body.phone };
      if (body.email !== undefined) profile = { ...profile, email: body.email };
      return json(profile);
    },
  });
  return {
    fetch,
    current: () => profile,
    /** Makes the PUT with these keys (e.g. 'phone', 'first_name,last_name') answer an error. */
    failPut: (key: string, status: number, body: unknown = { status, message: 'Nope' }) =>
      failures.set(key, { status, body }),
  };
}

/** Account actions that succeed and record themselves; pass overrides to fail one of them. */
export function createFakeAccountActions(
  log: string[],
  account: AuthUser = { ...SAMPLE_USER, providerIds: ['password'] },
  overrides: Partial<AccountActions> = {},
): AccountActions & { account: () => AuthUser } {
  let current = { ...account };
  const record = (entry: string) => {
    log.push(entry);
    return Promise.resolve();
  };
  return {
    account: () => current,
    currentAccount: () => current,
    reauthenticate: (password) => record(`reauthenticate ${password}`),
    changePassword: (password) => record(`changePassword ${password}`),
    changeEmail: (email, password) => record(`changeEmail ${email}${password ? ` ${password}` : ''}`),
    sendEmailVerification: () => record('sendEmailVerification'),
    changeDisplayName: (name) => record(`changeDisplayName ${name}`),
    linkGoogle: async (picked) => {
      log.push(`linkGoogle ${picked?.email ?? 'popup'}`);
      current = { ...current, providerIds: [...current.providerIds, 'google.com'] };
      return current;
    },
    unlinkGoogle: async () => {
      log.push('unlinkGoogle');
      current = { ...current, providerIds: current.providerIds.filter((id) => id !== 'google.com') };
      return current;
    },
    createPhoneCodeSender: () => ({
      send: async (phone) => {
        log.push(`sendCode ${phone}`);
        return 'verification-1';
      },
      clear: () => log.push('clearCaptcha'),
    }),
    confirmPhoneCode: async (id, code) => {
      log.push(`confirmPhoneCode ${id} ${code}`);
      return current;
    },
    ...overrides,
  };
}

/** The dialog, open, with the fake actions and a fresh query cache. */
export function renderEditProfile(actions: AccountActions, { emulator = true } = {}) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <FakeAuthProvider options={{ user: actions.currentAccount(), emulator }}>
        <AccountActionsContext value={actions}>
          <TooltipProvider>
            <EditProfileDialog open onOpenChange={() => {}} />
            <Toaster />
          </TooltipProvider>
        </AccountActionsContext>
      </FakeAuthProvider>
    </QueryClientProvider>,
  );
}

/** Opens the dialog for an account with these sign-in methods; answers a user-event session. */
export async function openEditProfile(
  log: string[],
  providerIds: string[],
  overrides: Partial<AccountActions> = {},
  /** The first field's label in the active language (the dialog has loaded once it shows). */
  firstName = 'First Name',
) {
  const account: AuthUser = { ...SAMPLE_USER, email: SAMPLE_PROFILE.email, providerIds };
  renderEditProfile(createFakeAccountActions(log, account, overrides));
  await screen.findByLabelText(firstName);
  return userEvent.setup();
}
