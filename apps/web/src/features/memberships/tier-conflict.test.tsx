import { MEMBERSHIP_MESSAGES } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { fakeMembershipsServer, tier } from '@/test/memberships-fake-server';
import { renderApp } from '@/test/render-app';
import { proposedMinSpend } from './components/tier-range';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const member = tier(1, { name: 'Member', minSpendAmount: 0, maxSpendAmount: null, discountPercentage: 5 });

function renderPage(server: ReturnType<typeof fakeMembershipsServer>) {
  serveApi(server.fetch);
  return renderApp('/memberships', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' },
  });
}

describe('a second tier', () => {
  it('is proposed the range after the existing ones', () => {
    expect(proposedMinSpend([])).toBe('');
    expect(proposedMinSpend([member])).toBe('1000');
    expect(proposedMinSpend([member, tier(2, { minSpendAmount: 1000, maxSpendAmount: 5000 })])).toBe('5000');
    expect(proposedMinSpend([tier(3, { minSpendAmount: 5000 })])).toBe('10000');
    expect(proposedMinSpend([tier(4, { minSpendAmount: 9000, isActive: false }), member])).toBe('1000');
  });

  it('over "$0 - ∞": the overlap answer offers to shorten the first tier, and one click saves both', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([member]);
    renderPage(server);
    expect(await screen.findByText('$0 - ∞')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Membership' }));
    expect(await screen.findByLabelText('Min Spend ($)')).toHaveValue(1000);
    await user.type(screen.getByLabelText('Name *'), 'Gold');

    server.state.nextError = {
      status: 400,
      body: {
        status: 400,
        message: 'Validation failed',
        errors: { minSpendAmount: MEMBERSHIP_MESSAGES.overlap('Member') },
        conflict: { id: member.id, name: 'Member', minSpend: 0, maxSpend: null },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Create Membership' }));
    const offer = await within(screen.getByRole('dialog')).findByText(
      '“Member” covers $0 - ∞. Shorten it to $0 - $1,000 so this tier starts where it ends?',
    );
    expect(offer).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Shorten “Member” and save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const writes = server.state.calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/memberships',
      `PUT /api/memberships/${member.id}`,
      'POST /api/memberships',
    ]);
    // The first tier keeps everything but its end.
    expect(writes[1]?.body).toMatchObject({
      name: 'Member',
      minSpendAmount: 0,
      maxSpendAmount: 1000,
      discountPercentage: 5,
    });
    expect(writes[2]?.body).toMatchObject({ name: 'Gold', minSpendAmount: 1000 });
    expect(server.state.tiers.map((t) => [t.name, t.minSpendAmount, t.maxSpendAmount])).toEqual([
      ['Member', 0, 1000],
      ['Gold', 1000, null],
    ]);
  });
});
