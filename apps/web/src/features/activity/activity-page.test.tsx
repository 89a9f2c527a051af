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
    await user.type(screen.getByLabelText('From'), '2026-01-01');
    await user.type(screen.getByLabelText('To'), '2026-01-31');
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
});
