import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { fakeMembershipsServer, tier } from '@/test/memberships-fake-server';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

function renderPage(server: ReturnType<typeof fakeMembershipsServer>, role: 'owner' | 'admin' | 'staff') {
  serveApi(server.fetch);
  return renderApp('/memberships', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role },
  });
}

const policyForm = () => screen.findByRole('form', { name: 'Tier review' });
const preview = () => screen.getByTestId('tier-policy-preview');

describe('Tier review policy on the memberships screen', () => {
  it('an admin edits the policy with a live preview of the next review, then saves it', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([tier(1, { name: 'Gold' })]);
    renderPage(server, 'admin');
    const form = within(await policyForm());
    // The saved (default) policy's preview first.
    await waitFor(() => expect(preview()).toHaveTextContent('2 members move up, 0 move down on'));
    expect(server.state.policyCalls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/tenants/tier-policy',
      'GET /api/tenants/tier-policy/preview',
    ]);

    await user.selectOptions(form.getByLabelText('Spend counted'), 'ROLLING_MONTHS');
    const months = form.getByLabelText('Months counted');
    await user.clear(months);
    // Empty months: the contract's message at the field, and no preview asked for an invalid policy.
    expect(await form.findByText('Months must be a whole number from 1 to 60')).toBeInTheDocument();
    await user.type(months, '24');
    await user.clear(form.getByLabelText('Grace period (days)'));
    await user.type(form.getByLabelText('Grace period (days)'), '30');
    const edited = { basis: 'ROLLING_MONTHS', months: 24, downgrade: 'TO_QUALIFYING', graceDays: 30 };
    await waitFor(() =>
      expect(server.state.policyCalls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ policy: edited }),
    );
    await waitFor(() => expect(preview()).toHaveTextContent('2 members move up, 3 move down on'));
    expect(preview()).toHaveTextContent('1 member starts a grace period instead');
    expect(within(preview()).getByText('↑ Mia Chen: No tier → Gold')).toBeInTheDocument();
    // Settled values only: never the half-typed policy, never one the contract refuses.
    const posted = server.state.policyCalls.filter((c) => c.method === 'POST');
    expect(posted.every((c) => (c.body as { policy: { months: number } }).policy.months > 0)).toBe(true);
    await user.selectOptions(form.getByLabelText('When spend falls short'), 'NONE');
    await waitFor(() => expect(preview()).toHaveTextContent('2 members move up, 0 move down on'));
    await user.selectOptions(form.getByLabelText('When spend falls short'), 'TO_QUALIFYING');

    await user.click(form.getByRole('button', { name: 'Save policy' }));
    expect(await screen.findByText('Tier policy saved')).toBeInTheDocument();
    expect(server.state.policy).toEqual({
      basis: 'ROLLING_MONTHS',
      months: 24,
      downgrade: 'TO_QUALIFYING',
      graceDays: 30,
      saved: true,
    });
  });

  it('staff see the saved policy and its preview, and cannot change it', async () => {
    const server = fakeMembershipsServer([tier(1)]);
    server.state.policy = { basis: 'CALENDAR_YEAR', months: null, downgrade: 'ONE_STEP', graceDays: 14, saved: true };
    renderPage(server, 'staff');
    const form = within(await policyForm());
    expect(form.getByLabelText('Spend counted')).toHaveValue('CALENDAR_YEAR');
    expect(form.getByLabelText('Spend counted')).toBeDisabled();
    expect(form.getByLabelText('When spend falls short')).toHaveValue('ONE_STEP');
    expect(form.queryByRole('button', { name: 'Save policy' })).toBeNull();
    await waitFor(() => expect(preview()).toHaveTextContent('2 members move up, 0 move down on'));
    expect(server.state.policyCalls.every((c) => c.method === 'GET')).toBe(true);
  });
});
