import { type Message, messageInputSchema, type Promotion } from '@loyalty/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { branch } from '@/test/branch-fixtures';
import { apiError, json, pageOf, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const promotion = (id: string, overrides: Partial<Promotion>): Promotion => ({
  id,
  name: id,
  nameZh: null,
  nameCn: null,
  kind: 'MULTIPLIER',
  factor: 2,
  bonusPoints: null,
  minAmount: null,
  days: null,
  fromTime: null,
  toTime: null,
  validFrom: null,
  validTo: null,
  tierIds: [],
  branchIds: [],
  perMemberLimit: null,
  active: true,
  timesApplied: 0,
  pointsGiven: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const PROMOTIONS = [
  // Ends at midnight starting 1 January in Hong Kong: its last day is 31 December there.
  promotion('p-tue', {
    name: 'Double Tuesday',
    nameZh: '星期二雙倍',
    nameCn: '星期二双倍',
    days: ['TUE'],
    fromTime: '14:00',
    toTime: '17:00',
    validTo: '2026-12-31T16:00:00.000Z',
  }),
  promotion('p-gold', {
    name: 'Gold bonus',
    nameZh: '金卡獎賞',
    nameCn: '金卡奖赏',
    kind: 'BONUS',
    factor: null,
    bonusPoints: 50,
    minAmount: 200,
    tierIds: ['tier-gold'],
    branchIds: ['b-central'],
  }),
  promotion('p-off', { name: 'Switched off', active: false }),
  promotion('p-over', { name: 'Last summer', validTo: '2026-08-31T16:00:00.000Z' }),
];

const TIER = {
  id: 'tier-gold',
  name: 'Gold',
  nameZh: '金卡',
  nameCn: '金卡',
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
  sortOrder: 0,
};

const TUESDAY = {
  text: 'Double Tuesday: double points on Tuesdays, 14:00–17:00, until Dec 31.',
  textZh: '星期二雙倍：即日起至12月31日，逢星期二 14:00–17:00，可獲雙倍積分。',
  textCn: '星期二双倍：即日起至12月31日，每逢星期二 14:00–17:00，可获双倍积分。',
};
const GOLD = {
  text: 'Gold bonus: 50 bonus points for Gold members at Central on purchases of $200 or more.',
  textZh: '金卡獎賞：於中環，金卡會員，消費滿 $200，可獲額外 50 積分。',
  textCn: '金卡奖赏：在中环，金卡会员，消费满 $200，可获额外 50 积分。',
};

function renderMessages(promotions: Promotion[]) {
  const sent: unknown[] = [];
  const messages: Message[] = [];
  serveRoutes({
    '/api/memberships': () => json(pageOf([TIER], 0, 100)),
    '/api/tenants/branches': () =>
      json({ content: [branch('b-central', 'Central', { nameZh: '中環', nameCn: '中环' })] }),
    '/api/tenants/promotions': () => json(promotions),
    '/api/tenants/segments/preview': () => json({ count: 5, reachable: 3, sample: [] }),
    'GET /api/tenants/segments': () => json([]),
    'GET /api/tenants/messages': () => json(messages),
    'POST /api/tenants/messages': ({ body }) => {
      const parsed = messageInputSchema.safeParse(body);
      if (!parsed.success) return apiError(400, 'Validation failed');
      sent.push(body);
      messages.unshift({
        ...parsed.data,
        id: 'msg-1',
        textZh: parsed.data.textZh ?? null,
        textCn: parsed.data.textCn ?? null,
        audience: parsed.data.audience,
        state: 'SCHEDULED',
        sendAt: '2026-11-29T04:00:00.000Z',
        createdAt: '2026-11-29T04:00:00.000Z',
        sentAt: null,
        targeted: 3,
        passesUpdated: 0,
        applePushes: 0,
        googleNotified: 0,
        googleQuiet: 0,
        failed: 0,
        promotionId: parsed.data.promotionId ?? null,
      });
      return json({ id: 'msg-1', targeted: 3 }, 202);
    },
    'GET /api/tenants/business': () =>
      json({ country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null }),
  });
  renderApp('/messages', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' },
  });
  return { sent };
}

const fields = (names: { text: string | RegExp; zh: RegExp; cn: RegExp }) => ({
  text: () => screen.getByRole('textbox', { name: names.text }),
  zh: () => screen.getByRole('textbox', { name: names.zh }),
  cn: () => screen.getByRole('textbox', { name: names.cn }),
});

async function choose(picker: string, option: string) {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByRole('combobox', { name: picker })).toBeEnabled());
  // The select's own code replaces its stand-in at the first hover; the press goes to the real one.
  await user.hover(screen.getByRole('combobox', { name: picker }));
  await act(() => import('@/components/deferred-select-menu'));
  await user.click(screen.getByRole('combobox', { name: picker }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('Messages: link a promotion', () => {
  beforeEach(() => {
    // Only the clock: "until Dec 31" leaves the year out within the same year.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T04:00:00.000Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setLocale('en');
  });

  it('fills the three texts from the chosen promotion, keeps the text the user edited, and sends it', async () => {
    const { sent } = renderMessages(PROMOTIONS);
    const user = userEvent.setup();
    await choose('Link a promotion', 'Double Tuesday');
    const field = fields({ text: /^English \(/, zh: /^繁體中文/, cn: /^简体中文/ });
    expect(field.text()).toHaveValue(TUESDAY.text);
    expect(field.zh()).toHaveValue(TUESDAY.textZh);
    expect(field.cn()).toHaveValue(TUESDAY.textCn);
    // Only active promotions not over yet are offered.
    await user.click(screen.getByRole('combobox', { name: 'Link a promotion' }));
    expect(screen.queryByRole('option', { name: 'Switched off' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Last summer' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    // The English text edited: another promotion replaces the two Chinese texts and leaves it alone.
    await user.type(field.text(), ' See you!');
    await choose('Link a promotion', 'Gold bonus');
    expect(field.text()).toHaveValue(`${TUESDAY.text} See you!`);
    expect(field.zh()).toHaveValue(GOLD.textZh);
    expect(field.cn()).toHaveValue(GOLD.textCn);

    await user.click(screen.getByRole('button', { name: 'Send to 3 members' }));
    expect(await screen.findByText('Message queued for 3 members')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        text: `${TUESDAY.text} See you!`,
        textZh: GOLD.textZh,
        textCn: GOLD.textCn,
        audience: { filter: {} },
        promotionId: 'p-gold',
      },
    ]);
    // The sent list names the promotion the message announces; the form starts afresh, unlinked.
    const log = screen.getByRole('region', { name: 'Sent messages' });
    expect(await within(log).findByText('Promotion: Gold bonus')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Link a promotion' })).toHaveTextContent('None');
    expect(field.zh()).toHaveValue('');
  });

  it('writes the same three texts on a Chinese screen, and unlinking clears only what it wrote', async () => {
    await setLocale('zh-Hant');
    renderMessages(PROMOTIONS);
    const user = userEvent.setup();
    await choose('連結推廣活動', '金卡獎賞');
    const field = fields({ text: /^英文|^English/, zh: /^繁體中文/, cn: /^简体中文/ });
    expect(field.text()).toHaveValue(GOLD.text);
    expect(field.zh()).toHaveValue(GOLD.textZh);
    expect(field.cn()).toHaveValue(GOLD.textCn);

    await user.clear(field.zh());
    await user.type(field.zh(), '金卡會員本週有禮');
    await choose('連結推廣活動', '不連結');
    expect(field.text()).toHaveValue('');
    expect(field.zh()).toHaveValue('金卡會員本週有禮');
    expect(field.cn()).toHaveValue('');
  });

  it('offers no link when the business has no active promotion', async () => {
    renderMessages([PROMOTIONS[2] as Promotion]);
    expect(await screen.findByText('5 members · 3 with marketing consent')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^English \(/ })).toBeInTheDocument());
    expect(screen.queryByRole('combobox', { name: 'Link a promotion' })).not.toBeInTheDocument();
  });
});
