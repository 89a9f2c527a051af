import {
  businessProfileBodySchema,
  type Message,
  messageInputSchema,
  type Segment,
  segmentInputSchema,
  segmentPreviewBodySchema,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, pageOf, type Routes, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const TIERS = [
  { id: 'tier-gold', name: 'Gold' },
  { id: 'tier-silver', name: 'Silver' },
].map((tier, sortOrder) => ({
  ...tier,
  nameZh: null,
  nameCn: null,
  description: null,
  descriptionZh: null,
  descriptionCn: null,
  color: '#888888',
  icon: null,
  minSpendAmount: 0,
  maxSpendAmount: null,
  discountPercentage: 0,
  benefits: [],
  benefitsZh: [],
  benefitsCn: [],
  cardImageUrl: null,
  walletBannerUrl: null,
  isActive: true,
  sortOrder,
}));

/** The messages API as the server answers it, bodies checked with the contracts. */
function fakeServer() {
  const previews: unknown[] = [];
  const sent: unknown[] = [];
  const segments: Segment[] = [];
  const messages: Message[] = [];
  const business = { country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null as unknown };
  const routes: Routes = {
    '/api/memberships': () => json(pageOf(TIERS, 0, 100)),
    '/api/tenants/segments/preview': ({ body }) => {
      const { filter } = segmentPreviewBodySchema.parse(body);
      previews.push(filter);
      const gold = filter.tierIds?.includes('tier-gold');
      return json({
        count: gold ? 2 : 5,
        reachable: gold ? 1 : 3,
        sample: [
          {
            id: 'm-1',
            firstName: '大文',
            lastName: '陳',
            membershipCode: 'AB12CD',
            tierName: 'Gold',
            pointsBalance: 300,
            language: 'zh-Hant',
            marketingOptIn: true,
          },
        ],
      });
    },
    'GET /api/tenants/segments': () => json(segments),
    'POST /api/tenants/segments': ({ body }) => {
      const parsed = segmentInputSchema.parse(body);
      const made = {
        id: 's-1',
        ...parsed,
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-02-01T10:00:00.000Z',
      };
      segments.push(made);
      return json(made, 201);
    },
    'GET /api/tenants/messages': () => json(messages),
    'POST /api/tenants/messages': ({ body }) => {
      const parsed = messageInputSchema.safeParse(body);
      if (!parsed.success) return apiError(400, 'Validation failed');
      sent.push(body);
      messages.unshift({
        id: 'msg-1',
        text: parsed.data.text,
        textZh: parsed.data.textZh ?? null,
        textCn: parsed.data.textCn ?? null,
        audience: parsed.data.audience as Record<string, unknown>,
        state: 'SENDING',
        sendAt: '2026-02-01T10:00:00.000Z',
        createdAt: '2026-02-01T10:00:00.000Z',
        sentAt: null,
        targeted: 1,
        passesUpdated: 1,
        applePushes: 1,
        googleNotified: 0,
        googleQuiet: 0,
        failed: 0,
        promotionId: parsed.data.promotionId ?? null,
      });
      return json({ id: 'msg-1', targeted: 1 }, 202);
    },
    'GET /api/tenants/business': () => json(business),
    'PUT /api/tenants/business': ({ body }) => {
      const parsed = businessProfileBodySchema.parse(body);
      Object.assign(business, parsed);
      return json(business);
    },
  };
  return { routes, previews, sent, business };
}

const renderMessages = (role: 'owner' | 'staff' = 'owner') => {
  const server = fakeServer();
  serveRoutes(server.routes);
  renderApp('/messages', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });
  return server;
};

describe('Messages', () => {
  it('counts a filter live, saves it as a segment, and sends a message in three languages to it', async () => {
    const server = renderMessages();
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('5 members · 3 with marketing consent')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Gold' }));
    expect(await screen.findByText('2 members · 1 with marketing consent')).toBeInTheDocument();
    expect(server.previews.at(-1)).toEqual({ tierIds: ['tier-gold'] });
    expect(screen.getByText('陳大文')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Save this filter as a segment' }), 'Gold members');
    await user.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(await screen.findByText('Segment saved')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'English (0/160)' }), 'Double points this weekend');
    await user.type(screen.getByRole('textbox', { name: /^繁體中文/ }), '本週末雙倍積分');
    await user.click(screen.getByRole('button', { name: 'Send to 1 member' }));
    expect(await screen.findByText('Message queued for 1 member')).toBeInTheDocument();
    expect(server.sent).toEqual([
      {
        text: 'Double points this weekend',
        textZh: '本週末雙倍積分',
        audience: { filter: { tierIds: ['tier-gold'] } },
      },
    ]);
    const log = screen.getByRole('region', { name: 'Sent messages' });
    expect(await within(log).findByText('Double points this weekend')).toBeInTheDocument();
    expect(within(log).getByText('Sending')).toBeInTheDocument();
  });

  it('refuses a text over 160 characters at the field and sends nothing', async () => {
    const server = renderMessages();
    const user = userEvent.setup();
    const text = await screen.findByRole('textbox', { name: 'English (0/160)' });
    await user.click(text);
    await user.paste('x'.repeat(161));
    await user.click(screen.getByRole('button', { name: /^Send to/ }));
    expect(await screen.findByText('At most 160 characters')).toBeInTheDocument();
    expect(server.sent).toEqual([]);
  });

  it('saves quiet hours on the business profile', async () => {
    const server = renderMessages();
    const user = userEvent.setup();
    expect(await screen.findByText('No quiet hours: notices go out at once.')).toBeInTheDocument();
    // No range is shown while there are no quiet hours; the suggested one appears when the owner asks for it.
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('To')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set quiet hours' }));
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    expect(screen.queryByText('No quiet hours: notices go out at once.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save quiet hours' }));
    await waitFor(() => expect(server.business.quietHours).toEqual({ from: '22:00', to: '08:00' }));
    expect(await screen.findByText('Quiet from 22:00 to 08:00.')).toBeInTheDocument();
    // Cleared again: the range goes with them.
    await user.click(screen.getByRole('button', { name: 'No quiet hours' }));
    expect(await screen.findByText('No quiet hours: notices go out at once.')).toBeInTheDocument();
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
  });

  it('keeps the sent messages to the page: one shrinkable column, the table scrolling in its own region', async () => {
    renderMessages();
    const log = await screen.findByRole('region', { name: 'Sent messages' });
    expect(log).toHaveClass('overflow-x-auto');
    // Every box from the page's root down to the region may shrink below the table's width (min-width 0).
    const root = screen.getByRole('heading', { name: 'Messages', level: 1 }).parentElement
      ?.parentElement as HTMLElement;
    expect(root).toHaveClass('grid-cols-1', 'min-w-0');
    expect(log.parentElement).toHaveClass('min-w-0');
    // The counts' headers wrap rather than widen the table.
    for (const header of within(log).getAllByRole('columnheader')) expect(header).toHaveClass('whitespace-normal');
  });

  it('is for owners and admins: staff get a notice and no sidebar item', async () => {
    renderMessages('staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only owners and admins can send messages.');
    expect(screen.queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
  });
});
