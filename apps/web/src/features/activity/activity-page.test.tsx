import { type AuditEvent, auditQuerySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const EVENTS: AuditEvent[] = [
  {
    id: 'e2',
    actorType: 'account',
    actorId: 'a-1',
    actorName: 'Ada Lovelace <ada@example.test>',
    action: 'member.update',
    targetType: 'member',
    targetId: 'm-1',
    changes: { firstName: { before: 'Mia', after: 'May' }, email: { before: null, after: 'may@example.test' } },
    ip: '127.0.0.1',
    requestId: 'r-2',
    createdAt: '2026-01-02T10:00:00.000Z',
  },
  {
    id: 'e1',
    actorType: 'account',
    actorId: 'a-2',
    actorName: 'Sam Lee <sam@example.test>',
    action: 'points.adjust',
    targetType: 'member',
    targetId: 'm-1',
    changes: { pointsBalance: { before: 100, after: 150 } },
    ip: '127.0.0.1',
    requestId: 'r-1',
    createdAt: '2026-01-01T10:00:00.000Z',
  },
];

function fakeAudit(events: AuditEvent[] = EVENTS) {
  const queries: Record<string, unknown>[] = [];
  serveRoutes({
    'GET /api/tenants/audit/actors': () =>
      json([
        { id: 'a-1', name: 'Ada Lovelace <ada@example.test>', type: 'account' },
        { id: 'a-2', name: 'Sam Lee <sam@example.test>', type: 'account' },
      ]),
    'GET /api/tenants/audit': ({ query }) => {
      const q = auditQuerySchema.parse(query);
      queries.push(q);
      const content = events.filter((e) => (!q.actor || e.actorId === q.actor) && (!q.action || e.action === q.action));
      return json({
        content,
        totalElements: content.length,
        totalPages: 1,
        number: 0,
        size: 20,
        numberOfElements: content.length,
        first: true,
        last: true,
      });
    },
  });
  return { queries };
}

describe('activity screen', () => {
  it('lists who did what with each changed field before → after, and filters by person, action and days', async () => {
    const server = fakeAudit();
    renderApp('/activity', { user: SAMPLE_USER });
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Activity table' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ada Lovelace <ada@example.test>');
    expect(rows[1]).toHaveTextContent('Member edited');
    expect(rows[1]).toHaveTextContent('First name: Mia → May');
    expect(rows[1]).toHaveTextContent('Email: — → may@example.test');
    expect(rows[2]).toHaveTextContent('Points adjusted');
    expect(rows[2]).toHaveTextContent('Points balance: 100 → 150');
    expect(screen.getByText('2 events')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Person'), 'a-2');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Sam Lee');
    await user.selectOptions(screen.getByLabelText('Action'), 'points.adjust');
    // Days typed as the English screen writes them (month/day/year); the API still gets YYYY-MM-DD.
    await user.type(screen.getByLabelText('From'), '01/01/2026');
    await user.type(screen.getByLabelText('To'), '01/31/2026');
    await waitFor(() =>
      expect(server.queries.at(-1)).toMatchObject({ actor: 'a-2', action: 'points.adjust', from: expect.any(String) }),
    );
    const last = server.queries.at(-1) as { from: string; to: string };
    // The "to" day is included whole: the range ends at the start of the next day.
    expect(new Date(last.to).getTime() - new Date(last.from).getTime()).toBeGreaterThanOrEqual(
      31 * 24 * 3600 * 1000 - 3600 * 1000,
    );
  });

  it.each([
    [
      'zh-Hant',
      '編輯會員',
      [
        '名字：Mia → May',
        '會員編號：— → MBR-1',
        '類型：— → 消費',
        '狀態：待驗證 → 啟用',
        '權益：— → 免費咖啡、生日禮物',
        '顯示積分：是 → 否',
        '記錄：— → 消費 · 積分 125 · 金額 12.50',
      ],
    ],
    [
      'zh-Hans',
      '编辑会员',
      [
        '名字：Mia → May',
        '会员编号：— → MBR-1',
        '类型：— → 消费',
        '状态：待验证 → 启用',
        '权益：— → 免费咖啡、生日礼物',
        '显示积分：是 → 否',
        '记录：— → 消费 · 积分 125 · 金额 12.50',
      ],
    ],
  ] as const)('%s: the fields and codes of the trail in words', async (locale, action, lines) => {
    await setLocale(locale);
    fakeAudit([
      {
        ...(EVENTS[0] as AuditEvent),
        changes: {
          firstName: { before: 'Mia', after: 'May' },
          membershipCode: { before: null, after: 'MBR-1' },
          type: { before: null, after: 'PURCHASE' },
          status: { before: 'PENDING_VERIFICATION', after: 'ACTIVE' },
          benefits: { before: [], after: locale === 'zh-Hant' ? ['免費咖啡', '生日禮物'] : ['免费咖啡', '生日礼物'] },
          showPoints: { before: true, after: false },
          entry: { before: null, after: { id: 'e9', type: 'PURCHASE', amount: '12.50', points: 125, reason: null } },
        },
      },
    ]);
    renderApp('/activity', { user: SAMPLE_USER });
    const table = await screen.findByRole('region', { name: locale === 'zh-Hant' ? '活動記錄表' : '活动记录表' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent(action);
    const shown = [...row.querySelectorAll('li')].map((li) => li.textContent);
    expect(shown).toEqual(lines);
    await setLocale('en');
  });

  // docs/design.md §10: a log line is data rendered in the reader's language: no keys, field names, codes, ids or
  // JSON; tiers by their name, the member a purchase concerns named.
  const WORDS_EVENTS: AuditEvent[] = [
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'w1',
      action: 'points.purchase',
      member: { name: '黃美玲', membershipCode: 'MBR-7' },
      changes: {
        tierId: { before: 't-silver', after: 't-gold' },
        entry: { before: null, after: { id: 'x1', type: 'PURCHASE', points: 1, amount: '1.00', reason: null } },
      },
      tiers: {
        't-silver': { name: 'Silver', nameZh: '銀卡', nameCn: null },
        't-gold': { name: 'Gold', nameZh: '金卡', nameCn: '金卡' },
      },
    },
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'w2',
      action: 'points.refund',
      member: { name: '黃美玲', membershipCode: 'MBR-7' },
      changes: {
        entry: {
          before: null,
          after: { id: 'x2', type: 'REFUND', points: -1, amount: '1.00', refundsId: 'x1' },
        },
      },
    },
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'w3',
      action: 'settings.tier-policy.update',
      targetType: 'tier-policy',
      targetId: 't',
      changes: {
        basis: { before: 'LIFETIME', after: 'ROLLING_MONTHS' },
        graceDays: { before: 0, after: 30 },
        saved: { before: false, after: true },
      },
    },
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'w4',
      action: 'message.send',
      targetType: 'message',
      targetId: 'msg-1',
      changes: {
        text: { before: null, after: 'Double points today' },
        audience: { before: null, after: { filter: { tierIds: ['t-gold'], minBalance: 100 } } },
        sendAt: { before: null, after: '2026-01-05T09:00:00.000Z' },
      },
      tiers: { 't-gold': { name: 'Gold', nameZh: '金卡', nameCn: '金卡' } },
    },
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'w5',
      action: 'reward.create',
      targetType: 'reward',
      targetId: 'rw-1',
      changes: {
        kind: { before: null, after: 'FREE_ITEM' },
        tierIds: { before: null, after: ['t-gold'] },
      },
      tiers: { 't-gold': { name: 'Gold', nameZh: '金卡', nameCn: '金卡' } },
    },
  ];

  it.each([
    [
      'zh-Hant',
      [
        ['記錄消費', '黃美玲 · MBR-7', '會員等級：銀卡 → 金卡'],
        ['記錄退款', '黃美玲 · MBR-7', '記錄：— → 退款 · 積分 -1 · 金額 1.00'],
        ['儲存會員等級評核', '計算的消費：累計消費 → ', '寬限期（日）：0 → 30'],
        ['已發送訊息', '訊息（英文）：— → Double points today', '金卡', '2026年1月5日'],
        ['新增獎賞', '免費', '金卡'],
      ],
    ],
    [
      'zh-Hans',
      [
        ['记录消费', '黃美玲 · MBR-7', '会员等级：銀卡 → 金卡'],
        ['记录退款', '黃美玲 · MBR-7'],
        ['保存会员等级评核', '：0 → 30'],
        ['已发送消息', '消息（英文）：— → Double points today', '金卡'],
        ['新增奖励', '金卡'],
      ],
    ],
  ] as const)('%s: every kind of line in words, tiers and members by name', async (locale, expected) => {
    await setLocale(locale);
    fakeAudit(WORDS_EVENTS);
    renderApp('/activity', { user: SAMPLE_USER });
    const table = await screen.findByRole('region', { name: locale === 'zh-Hant' ? '活動記錄表' : '活动记录表' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(expected.length);
    for (const [i, texts] of expected.entries()) {
      for (const text of texts) expect(rows[i]).toHaveTextContent(text);
    }
    const all = table.textContent ?? '';
    for (const raw of [
      'points.refund',
      'settings.tier-policy',
      'FREE_ITEM',
      'ROLLING_MONTHS',
      'graceDays',
      'sendAt',
      'audience',
      't-gold',
      't-silver',
      'refundsId',
      '{',
      'Store text',
      '商店文字',
    ]) {
      expect(all).not.toContain(raw);
    }
    await setLocale('en');
  });

  // An API key's scopes and a webhook's events are codes a developer types; the log reads them in words.
  const INTEGRATION_EVENTS: AuditEvent[] = [
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'k1',
      action: 'apiKey.create',
      targetType: 'apiKey',
      targetId: 'key-1',
      changes: {
        name: { before: null, after: 'Till' },
        scopes: { before: null, after: ['members:read', 'transactions:write'] },
      },
    },
    {
      ...(EVENTS[1] as AuditEvent),
      id: 'k2',
      action: 'webhook.create',
      targetType: 'webhook',
      targetId: 'hook-1',
      changes: {
        url: { before: null, after: 'https://crm.example.test/hook' },
        events: { before: null, after: ['points.earned', 'member.created', 'stampcard.completed'] },
        enabled: { before: null, after: true },
      },
    },
  ];

  it.each([
    [
      'en',
      'Activity table',
      'Permissions: — → Read members, Record transactions',
      'Events: — → Points earned, Member added, Stamp card completed',
      'Enabled: — → Yes',
    ],
    [
      'zh-Hant',
      '活動記錄表',
      '權限：— → 讀取會員資料、記錄交易',
      '事件：— → 賺取積分、新增會員、集滿印花卡',
      '已啟用：— → 是',
    ],
    [
      'zh-Hans',
      '活动记录表',
      '权限：— → 读取会员资料、记录交易',
      '事件：— → 赚取积分、新增会员、集满集章卡',
      '已启用：— → 是',
    ],
  ] as const)(
    "%s: an API key's scopes and a webhook's events in words, never their codes",
    async (locale, table, scopes, events, enabled) => {
      await setLocale(locale);
      fakeAudit(INTEGRATION_EVENTS);
      renderApp('/activity', { user: SAMPLE_USER });
      const region = await screen.findByRole('region', { name: table });
      const rows = within(region).getAllByRole('row').slice(1);
      const lines = (row: HTMLElement | undefined) =>
        [...(row?.querySelectorAll('li') ?? [])].map((li) => li.textContent);
      expect(lines(rows[0])).toContain(scopes);
      expect(lines(rows[1])).toContain(events);
      expect(lines(rows[1])).toContain(enabled);
      const all = region.textContent ?? '';
      for (const code of [
        'members:read',
        'transactions:write',
        'points.earned',
        'member.created',
        'stampcard.completed',
      ]) {
        expect(all).not.toContain(code);
      }
      await setLocale('en');
    },
  );

  it('zh-Hant: lines recorded in English before reasons were codes, and the tier review, read in Chinese', async () => {
    await setLocale('zh-Hant');
    const entry = (id: string, type: string, points: number, reason: string) => ({
      ...(EVENTS[1] as AuditEvent),
      id,
      action: type === 'REDEEM' ? 'points.redeem' : 'points.bonus',
      changes: { entry: { before: null, after: { id: `x-${id}`, type, points, amount: null, reason } } },
    });
    fakeAudit([
      entry('o1', 'BONUS', 50, 'Welcome points'),
      entry('o2', 'REDEEM', -100, 'Reward: Free coffee'),
      entry('o3', 'ADJUST', 5, 'Birthday treat'),
      {
        ...(EVENTS[1] as AuditEvent),
        id: 'o4',
        actorType: 'system',
        actorId: 'tier-review',
        actorName: 'Tier review',
        action: 'member.tier.review',
        changes: {},
      },
    ]);
    renderApp('/activity', { user: SAMPLE_USER });
    const table = await screen.findByRole('region', { name: '活動記錄表' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('原因 迎新積分');
    // The reward as it was named then (its English name), in a Chinese line.
    expect(rows[1]).toHaveTextContent('原因 獎賞：Free coffee');
    // What a person typed stays as typed.
    expect(rows[2]).toHaveTextContent('原因 Birthday treat');
    expect(rows[3]).toHaveTextContent('會員等級覆核');
    const all = table.textContent ?? '';
    for (const english of ['Welcome points', 'Reward:', 'Tier review']) expect(all).not.toContain(english);
    await setLocale('en');
  });
});
