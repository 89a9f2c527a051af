import {
  type CounterMember,
  memberCodeParamsSchema,
  REVERSAL_MESSAGES,
  type TransactionResult,
  transactionBodySchema,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { apiError, json, notFound, routeFetch, serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const MIA: CounterMember = {
  userId: 'm-1',
  firstName: 'Mia',
  lastName: 'Chen',
  email: null,
  phone: '+85291110000',
  membershipCode: 'M000001',
  membershipLevelName: 'Basic',
  tierId: 't-basic',
  pointsBalance: 1000,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  tier: { id: 't-basic', name: 'Basic', color: '#888888', nameZh: '基本會員', nameCn: '基础会员' },
  tierPinned: false,
  lifetimeSpend: 50,
  nextTier: null,
  expiringNext: { points: 300, expiresAt: '2027-03-01T00:00:00.000Z' },
  redeemTerms: {
    isActive: true,
    redeemRatePoints: 100,
    redeemRateAmount: 1,
    minimumRedemption: 100,
    maximumRedemption: 5000,
  },
  earnTerms: { isActive: true, earnRateAmount: 1, earnRatePoints: 10 },
};

/**
 * A fake member API with a balance: by-code (code in any case, or the phone), transactions honouring the
 * Idempotency-Key (a key seen before answers 200 with the first result), reversals (once; `refuseReversal`
 * answers the server's 409). Paths, bodies and keys are checked with the contracts.
 */
function fakeServer({ refuseReversal = false, loseFirstAnswer = false } = {}) {
  let lost = false;
  let balance = MIA.pointsBalance;
  const byKey = new Map<string, TransactionResult>();
  const posts: { body: unknown; key: string | null }[] = [];
  const reversals: string[] = [];
  let next = 1;
  const answer = (type: 'PURCHASE' | 'REDEEM' | 'REVERSAL', points: number, amount: number | null) => {
    balance += points;
    return {
      entry: { id: `e${next++}`, type, points, amount, reason: null, createdAt: new Date().toISOString() },
      pointsBalance: balance,
      lifetimeSpend: MIA.lifetimeSpend,
      tier: MIA.tier,
      replayed: false,
    } satisfies TransactionResult;
  };
  const { fetch } = routeFetch({
    'GET /api/tenants/member/by-code/:code': ({ params }) => {
      const { code } = memberCodeParamsSchema.parse(params);
      const found = code.toUpperCase() === MIA.membershipCode || code === MIA.phone;
      return found ? json({ ...MIA, pointsBalance: balance }) : notFound();
    },
    [`POST /api/tenants/member/${MIA.userId}/transactions`]: ({ body: raw, headers }) => {
      const body = transactionBodySchema.parse(raw);
      const key = headers.get('Idempotency-Key');
      posts.push({ body, key });
      const replay = key ? byKey.get(key) : undefined;
      if (replay) return json({ ...replay, replayed: true });
      if (body.type === 'REDEEM' && body.points > balance)
        return apiError(422, `Not enough points: the member has ${balance.toLocaleString('en-US')} to spend`);
      const result =
        body.type === 'PURCHASE'
          ? answer('PURCHASE', Math.floor(body.amount * 10), body.amount)
          : answer('REDEEM', -(body as { points: number }).points, null);
      if (key) byKey.set(key, result);
      // Recorded, but the answer never reaches the till (a dropped connection).
      if (loseFirstAnswer && !lost) {
        lost = true;
        return apiError(503, 'Service unavailable');
      }
      return json(result, 201);
    },
    'POST /api/tenants/member/m-1/transactions/:entryId/reversal': ({ params: { entryId = '' } }) => {
      if (refuseReversal) return apiError(409, REVERSAL_MESSAGES.pointsSpent, { error: 'POINTS_SPENT' });
      if (reversals.includes(entryId))
        return apiError(409, REVERSAL_MESSAGES.alreadyReversed, { error: 'ALREADY_REVERSED' });
      reversals.push(entryId);
      const original = [...byKey.values()].find((r) => r.entry.id === entryId);
      return json(answer('REVERSAL', -(original?.entry.points ?? 0), original?.entry.amount ?? null), 201);
    },
  });
  return { fetch, posts, reversals };
}

function renderCounter(server: ReturnType<typeof fakeServer>) {
  serveApi(server.fetch);
  return renderApp('/counter', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
  });
}

const findField = () => screen.findByRole('textbox', { name: 'Membership code, phone or name' });

describe('Counter', () => {
  it('is in the sidebar for staff; a scanned code finds the member, a purchase shows its points first, is recorded and reversed, keyboard only', async () => {
    const server = fakeServer();
    renderCounter(server);
    expect(await screen.findByRole('heading', { name: 'Counter', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Counter' })).toHaveAttribute('aria-current', 'page');
    const find = await findField();
    await waitFor(() => expect(find).toHaveFocus());

    const user = userEvent.setup();
    // A USB scanner: the code, in any case, then Enter.
    await user.keyboard('m000001{Enter}');
    const panel = await screen.findByRole('region', { name: 'Mia Chen' });
    expect(within(panel).getByText('Basic')).toBeInTheDocument();
    expect(within(panel).getByText('M000001')).toBeInTheDocument();
    expect(within(panel).getByText('1,000')).toBeInTheDocument();
    expect(within(panel).getByText(/^300 points on /)).toBeInTheDocument();
    expect(find).toHaveValue('');

    await user.tab();
    await user.tab();
    const amount = screen.getByRole('textbox', { name: 'Amount ($)' });
    expect(amount).toHaveFocus();
    expect(screen.getByText('10 points per $1.00 spent')).toBeInTheDocument();
    await user.keyboard('12.34');
    // floor(12.34 × 10 / 1) = 123, before anything is recorded.
    expect(screen.getByText('Earns 123 points')).toBeInTheDocument();
    expect(server.posts).toEqual([]);
    await user.keyboard('{Enter}');

    const result = await screen.findByRole('region', { name: 'Purchase recorded' });
    expect(within(result).getByText('$12.34')).toBeInTheDocument();
    expect(within(result).getByText('+123')).toBeInTheDocument();
    expect(within(result).getByTestId('counter-new-balance')).toHaveTextContent('1,123');
    expect(within(panel).getByText('1,123')).toBeInTheDocument();
    expect(server.posts).toEqual([{ body: { type: 'PURCHASE', amount: 12.34 }, key: expect.any(String) }]);
    // Ready for the next customer.
    expect(find).toHaveFocus();
    expect(amount).toHaveValue('');

    await user.tab();
    await user.tab();
    expect(within(result).getByRole('button', { name: 'Reverse' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const reversed = await screen.findByRole('region', { name: 'Transaction reversed' });
    expect(within(reversed).getByText('-123')).toBeInTheDocument();
    expect(within(reversed).getByTestId('counter-new-balance')).toHaveTextContent('1,000');
    expect(within(panel).getByText('1,000')).toBeInTheDocument();
    expect(within(reversed).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(server.reversals).toEqual(['e1']);
    expect(find).toHaveFocus();
  });

  it('finds by phone; an unknown code says so at the field, which keeps the focus', async () => {
    renderCounter(fakeServer());
    const find = await findField();
    const user = userEvent.setup();
    await user.type(find, 'NOBODY{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No member with the code, phone or name “NOBODY”');
    expect(find).toHaveAccessibleDescription('No member with the code, phone or name “NOBODY”');
    expect(find).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Mia Chen' })).not.toBeInTheDocument();
    // The next scan replaces the selected text.
    await user.keyboard('+85291110000{Enter}');
    expect(await screen.findByRole('region', { name: 'Mia Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a failed search leaves no member on screen: nothing can be recorded for the customer found before', async () => {
    const server = fakeServer();
    renderCounter(server);
    const find = await findField();
    const user = userEvent.setup();
    await user.type(find, 'M000001{Enter}');
    expect(await screen.findByRole('region', { name: 'Mia Chen' })).toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Amount ($)' }), '5{Enter}');
    expect(await screen.findByRole('region', { name: 'Purchase recorded' })).toBeInTheDocument();

    await user.type(find, 'NOBODY{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No member with the code, phone or name “NOBODY”');
    expect(screen.queryByRole('region', { name: 'Mia Chen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Purchase recorded' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record purchase' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(find).toHaveFocus();
    expect(server.posts).toHaveLength(1);
  });

  it('the member goes the moment the find field changes, before any search', async () => {
    renderCounter(fakeServer());
    const find = await findField();
    const user = userEvent.setup();
    await user.type(find, 'M000001{Enter}');
    expect(await screen.findByRole('region', { name: 'Mia Chen' })).toBeInTheDocument();
    await user.type(find, 'M');
    expect(screen.queryByRole('region', { name: 'Mia Chen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record purchase' })).not.toBeInTheDocument();
  });

  it('an answer that arrives after the field changed is dropped', async () => {
    const server = fakeServer();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    serveApi(async (input, init) => {
      if (String(input).includes('/by-code/')) await held;
      return server.fetch(input, init);
    });
    renderApp('/counter', {
      user: SAMPLE_USER,
      identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
    });
    const find = await findField();
    const user = userEvent.setup();
    await user.type(find, 'M000001{Enter}');
    // The next customer's code is being typed while the first lookup is still on its way.
    await user.type(find, '9');
    release();
    await waitFor(() => expect(find).toHaveValue('M0000019'));
    // Let the held answer settle, then check it brought nobody back.
    await screen.findByRole('button', { name: 'Find' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find' })).toBeEnabled());
    expect(screen.queryByRole('region', { name: 'Mia Chen' })).not.toBeInTheDocument();
  });

  it('a double click records once: every request of one purchase carries the same Idempotency-Key', async () => {
    const server = fakeServer();
    renderCounter(server);
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Amount ($)' }), '5');
    await user.dblClick(screen.getByRole('button', { name: 'Record purchase' }));
    expect(await screen.findByRole('region', { name: 'Purchase recorded' })).toBeInTheDocument();
    expect(server.posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(server.posts.map((p) => p.key)).size).toBe(1);
    expect(screen.getByTestId('counter-new-balance')).toHaveTextContent('1,050');
    // The next purchase is another transaction: a new key.
    await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), '5{Enter}');
    await waitFor(() => expect(screen.getByTestId('counter-new-balance')).toHaveTextContent('1,100'));
    expect(new Set(server.posts.map((p) => p.key)).size).toBe(2);
  });

  it('pressing again after a lost answer sends the same key and records once', async () => {
    const server = fakeServer({ loseFirstAnswer: true });
    renderCounter(server);
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    const amount = await screen.findByRole('textbox', { name: 'Amount ($)' });
    await user.type(amount, '5{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(amount).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('region', { name: 'Purchase recorded' })).toBeInTheDocument();
    expect(screen.getByTestId('counter-new-balance')).toHaveTextContent('1,050');
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]?.key).toBe(server.posts[0]?.key);
  });

  it('redeem shows the value and the rules, and explains the server refusing it', async () => {
    const server = fakeServer();
    renderCounter(server);
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    const redeem = await screen.findByRole('form', { name: 'Redeem points' });
    expect(within(redeem).getByText('100 points = $1.00')).toBeInTheDocument();
    expect(within(redeem).getByText('At least 100 points at a time')).toBeInTheDocument();
    expect(within(redeem).getByText('At most 5,000 points at a time')).toBeInTheDocument();
    const points = within(redeem).getByRole('textbox', { name: 'Points' });
    await user.type(points, '2500');
    expect(within(redeem).getByText('Worth $25.00')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await within(redeem).findByRole('alert')).toHaveTextContent(
      'Not enough points: the member has 1,000 to spend',
    );
    expect(screen.queryByRole('region', { name: 'Points redeemed' })).not.toBeInTheDocument();
    expect(points).toHaveFocus();

    await user.clear(points);
    await user.type(points, '200{Enter}');
    const result = await screen.findByRole('region', { name: 'Points redeemed' });
    expect(within(result).getByTestId('counter-new-balance')).toHaveTextContent('800');
    expect(server.posts.map((p) => p.body)).toEqual([
      { type: 'REDEEM', points: 2500 },
      { type: 'REDEEM', points: 200 },
    ]);
  });

  it.each([
    ['en', 'Membership code, phone or name', 'Redeem', 'Redeem points', 'Redeem reward code'],
    ['zh-Hant', '會員編號、電話或姓名', '兌換', '兌換積分', '兌換獎賞編號'],
    ['zh-Hans', '会员编号、电话或姓名', '兑换', '兑换积分', '兑换奖励编号'],
  ] as const)(
    'in %s the field says names work, and the two "Redeem" buttons have names of their own that begin with the word they show',
    async (locale, field, shown, points, code) => {
      await setLocale(locale);
      renderCounter(fakeServer());
      const user = userEvent.setup();
      await user.type(await screen.findByRole('textbox', { name: field }), 'M000001{Enter}');
      const redeemPoints = within(await screen.findByRole('form', { name: points })).getByRole('button', {
        name: points,
      });
      const redeemCode = screen.getByRole('button', { name: code });
      for (const button of [redeemPoints, redeemCode]) {
        expect(button).toHaveTextContent(new RegExp(`^${shown}$`));
        expect(button.getAttribute('aria-label')?.startsWith(shown)).toBe(true);
      }
      expect(screen.queryAllByRole('button', { name: shown })).toEqual([]);
    },
  );

  it("names the tier in the reader's language, on the member and on the purchase just recorded", async () => {
    await setLocale('zh-Hans');
    renderCounter(fakeServer());
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '会员编号、电话或姓名' }), 'M000001{Enter}');
    const panel = await screen.findByRole('region', { name: 'Mia Chen' });
    expect(panel).toHaveTextContent('基础会员');
    await user.type(
      within(screen.getByRole('form', { name: '记录消费' })).getByRole('textbox', { name: '金额（$）' }),
      '3{Enter}',
    );
    const result = await screen.findByRole('region', { name: '已记录消费' });
    expect(result).toHaveTextContent('基础会员');
    expect(result).not.toHaveTextContent('Basic');
    await setLocale('en');
  });

  it('shows the server refusing a reversal', async () => {
    renderCounter(fakeServer({ refuseReversal: true }));
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Amount ($)' }), '3{Enter}');
    const result = await screen.findByRole('region', { name: 'Purchase recorded' });
    await user.click(within(result).getByRole('button', { name: 'Reverse' }));
    expect(await within(result).findByRole('alert')).toHaveTextContent(REVERSAL_MESSAGES.pointsSpent);
    expect(within(result).getByTestId('counter-new-balance')).toHaveTextContent('1,030');
  });

  describe('Scan', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });
    const withCamera = (getUserMedia: () => Promise<unknown>) =>
      Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });

    it('says scanning is not available where the browser has no camera', async () => {
      renderCounter(fakeServer());
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Scan' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'Scanning with the camera is not available in this browser: type the code or use a USB scanner.',
      );
    });

    it('asks for the camera only when pressed, finds the member from the code read and stops the camera', async () => {
      // jsdom has no media playback; the browser's play() of a camera preview resolves.
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
      const stopTrack = vi.fn();
      const getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: stopTrack }] }));
      withCamera(getUserMedia);
      vi.stubGlobal(
        'BarcodeDetector',
        class {
          static getSupportedFormats = async () => ['qr_code', 'code_128'];
          detect = async () => [{ rawValue: 'M000001' }];
        },
      );
      renderCounter(fakeServer());
      const user = userEvent.setup();
      const scan = await screen.findByRole('button', { name: 'Scan' });
      expect(getUserMedia).not.toHaveBeenCalled();
      await user.click(scan);
      expect(await screen.findByRole('region', { name: 'Mia Chen' })).toBeInTheDocument();
      expect(getUserMedia).toHaveBeenCalledTimes(1);
      expect(stopTrack).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Scan' })).toBeInTheDocument();
      expect(await findField()).toHaveFocus();
    });

    it('explains a refused camera', async () => {
      withCamera(async () => {
        throw new DOMException('Permission denied', 'NotAllowedError');
      });
      vi.stubGlobal('BarcodeDetector', class {});
      renderCounter(fakeServer());
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Scan' }));
      expect(await screen.findByRole('status')).toHaveTextContent(
        'The camera was refused: allow it in the browser’s settings, or type the code.',
      );
    });
  });
});
