import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { serveApi } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { fakeMembershipsServer, tier } from '@/test/memberships-fake-server';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const gold = tier(1, {
  name: 'Gold',
  description: 'Our best customers',
  color: '#ffd700',
  minSpendAmount: 1000,
  maxSpendAmount: 4999.99,
  discountPercentage: 12.5,
  benefits: ['Free coffee', 'Birthday gift', 'Priority queue', 'Early access', 'Lounge'].map((benefit) => ({
    benefit,
  })),
});
const platinum = tier(2, { name: 'Platinum', minSpendAmount: 5000, isActive: false, discountPercentage: 20 });

function renderPage(server: ReturnType<typeof fakeMembershipsServer>, role: 'owner' | 'admin' | 'staff' = 'owner') {
  serveApi(server.fetch);
  return renderApp('/memberships', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role },
  });
}

const card = (name: string) => screen.getByRole('article', { name });
const dialog = () => screen.getByRole('dialog');
const toastText = (text: string | RegExp) => screen.findByText(text, {}, { timeout: 3000 });

describe('Memberships page', () => {
  it('shows the card grid: name, Inactive badge, colour, discount, spend range with $ and ∞, 3 benefits + more', async () => {
    const server = fakeMembershipsServer([gold, platinum]);
    renderPage(server);
    expect(await screen.findByRole('heading', { name: 'Memberships' })).toBeInTheDocument();
    expect(screen.getByText('Manage membership tiers and benefits')).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Gold' });

    const g = within(card('Gold'));
    expect(g.getByText('Our best customers')).toBeInTheDocument();
    expect(g.getByRole('img', { name: 'Colour #ffd700' })).toBeInTheDocument();
    expect(g.getByText('12.5%')).toBeInTheDocument();
    expect(g.getByText('$1,000 - $4,999.99')).toBeInTheDocument();
    expect(g.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Free coffee',
      'Birthday gift',
      'Priority queue',
    ]);
    expect(g.getByText('+2 more')).toBeInTheDocument();
    expect(g.queryByText('Inactive')).toBeNull();

    const p = within(card('Platinum'));
    expect(p.getByText('Inactive')).toBeInTheDocument();
    expect(p.getByText('$5,000 - ∞')).toBeInTheDocument();
    expect(p.getByRole('button', { name: 'Edit Platinum' })).toBeInTheDocument();
    expect(p.getByRole('button', { name: 'Delete Platinum' })).toBeInTheDocument();

    expect(screen.getByText('Showing 2 of 2 memberships')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    const list = server.state.calls.find((c) => c.path.startsWith('/api/memberships?'));
    expect(list?.path).toBe('/api/memberships?page=0&size=10');
    expect(list?.headers.get('ngrok-skip-browser-warning')).toBe('true');
  });

  it('pages with Previous and Next (page kept in the URL)', async () => {
    const server = fakeMembershipsServer(Array.from({ length: 12 }, (_, i) => tier(i + 1)));
    const { router } = renderPage(server);
    expect(await screen.findByText('Showing 10 of 12 memberships')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 2 of 12 memberships')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('creates a tier through the three tabs: benefits by Enter and button, removed one by one, zh names, image', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([]);
    renderPage(server);
    await user.click(await screen.findByRole('button', { name: 'Add Membership' }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Create Membership' }),
    ).toBeInTheDocument();

    // A blank name is refused with the spec's toast, and nothing is sent.
    await user.type(screen.getByLabelText('Name *'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Membership' }));
    expect(await toastText('Validation Error')).toBeInTheDocument();
    expect(screen.getAllByText('Name is required').length).toBeGreaterThan(0);
    expect(server.state.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('Name *'));
    await user.type(screen.getByLabelText('Name *'), '  Gold  ');
    await user.type(screen.getByLabelText('Description'), 'Best customers');
    const hex = screen.getByRole('textbox', { name: 'Color' });
    await user.clear(hex);
    await user.type(hex, '#FFD700');
    await user.type(screen.getByLabelText('Min Spend ($)'), '1000');
    await user.type(screen.getByLabelText('Max Spend ($)'), '4999.99');
    await user.type(screen.getByLabelText('Discount (%)'), '12.5');
    const benefit = screen.getByLabelText('Benefits');
    await user.type(benefit, 'Free coffee{Enter}');
    await user.type(benefit, '   {Enter}');
    await user.type(benefit, 'Typo');
    // The first Add is the Basic tab's; the Languages tab (mounted, hidden) has one per Chinese benefits list.
    await user.click(within(dialog()).getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    await user.type(benefit, 'Birthday gift{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove Typo' }));
    expect(
      within(screen.getByRole('list', { name: 'Benefits' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Free coffee', 'Birthday gift']);

    await user.click(screen.getByRole('tab', { name: 'Languages' }));
    await user.type(screen.getByLabelText('Name (Traditional Chinese)'), '黃金會員');
    await user.type(screen.getByLabelText('Name (Simplified Chinese)'), '黄金会员');

    await user.click(screen.getByRole('tab', { name: 'Advanced' }));
    const input = document.querySelector<HTMLInputElement>('#membership-cardImageUrl input[type="file"]');
    if (!input) throw new Error('no card image input');
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'card.png', { type: 'image/png' })] },
    });
    expect(await toastText('Image uploaded successfully')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Sort Order'));
    await user.type(screen.getByLabelText('Sort Order'), '2');
    await user.click(screen.getByRole('switch', { name: 'Active' }));

    await user.click(screen.getByRole('button', { name: 'Create Membership' }));
    expect(await toastText('Membership created successfully')).toBeInTheDocument();
    const post = server.state.calls.find((c) => c.method === 'POST' && c.path === '/api/memberships');
    expect(post?.headers.get('ngrok-skip-browser-warning')).toBe('true');
    // docs/spec/data-screens.md §3: name trimmed, numbers as numbers, benefits as plain strings, empty optional values omitted.
    expect(post?.body).toEqual({
      name: 'Gold',
      description: 'Best customers',
      color: '#FFD700',
      minSpendAmount: 1000,
      maxSpendAmount: 4999.99,
      discountPercentage: 12.5,
      benefits: ['Free coffee', 'Birthday gift'],
      // The Chinese benefits (beyond the spec's body, which may grow): none given here.
      benefitsZh: [],
      benefitsCn: [],
      nameZh: '黃金會員',
      nameCn: '黄金会员',
      cardImageUrl: '/files/t-1/upload-1.png',
      sortOrder: 2,
      isActive: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
  });

  it('edits a tier loaded by id: Loading... then Update Membership, Saving..., then the updated card', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([gold]);
    let release = () => {};
    server.state.hold = new Promise((resolve) => {
      release = resolve;
    });
    renderPage(server);
    await user.click(await screen.findByRole('button', { name: 'Edit Gold' }));
    expect(
      within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Edit Membership' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Update Membership' })).toBeEnabled();
    expect(screen.getByLabelText('Name *')).toHaveValue('Gold');
    expect(screen.getByLabelText('Min Spend ($)')).toHaveValue(1000);
    expect(within(screen.getByRole('list', { name: 'Benefits' })).getAllByRole('listitem')).toHaveLength(5);

    await user.clear(screen.getByLabelText('Name *'));
    await user.type(screen.getByLabelText('Name *'), 'Gold Plus');
    await user.click(screen.getByRole('button', { name: 'Remove Lounge' }));
    await user.click(screen.getByRole('button', { name: 'Update Membership' }));
    expect(await toastText('Membership updated successfully')).toBeInTheDocument();
    const put = server.state.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/memberships/tier-1');
    expect(put?.body).toMatchObject({ name: 'Gold Plus', minSpendAmount: 1000, benefits: expect.any(Array) });
    expect((put?.body as { benefits: string[] } | undefined)?.benefits).toHaveLength(4);
    expect(await screen.findByRole('article', { name: 'Gold Plus' })).toBeInTheDocument();
  });

  it('a server conflict on the name shows on the field and as an error toast; the dialog stays open', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([gold]);
    server.state.nextError = {
      status: 409,
      body: {
        status: 409,
        message: 'A membership with this name already exists',
        errors: { name: 'A membership with this name already exists' },
      },
    };
    renderPage(server);
    await user.click(await screen.findByRole('button', { name: 'Add Membership' }));
    await user.type(await screen.findByLabelText('Name *'), 'gold');
    await user.click(screen.getByRole('button', { name: 'Create Membership' }));
    expect(
      await toastText('Failed to create membership: A membership with this name already exists'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByText('A membership with this name already exists')).toBeInTheDocument();
  });

  it('deletes after the Delete Membership confirmation; a refusal shows the server reason', async () => {
    const user = userEvent.setup();
    const server = fakeMembershipsServer([gold, platinum]);
    renderPage(server);
    server.state.nextError = {
      status: 409,
      body: { status: 409, message: 'This membership is held by 3 members; move them to another membership first' },
    };
    await user.click(await screen.findByRole('button', { name: 'Delete Gold' }));
    // The confirmation's code loads when it first opens.
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByRole('heading', { name: 'Delete Membership' })).toBeInTheDocument();
    expect(
      within(confirm).getByText(
        /Are you sure you want to delete this membership tier\? This action cannot be undone\./,
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await toastText(/Failed to delete membership: This membership is held by 3 members/)).toBeInTheDocument();

    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await toastText('Membership deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Gold' })).toBeNull());
    expect(screen.getByText('Showing 1 of 1 memberships')).toBeInTheDocument();
  });

  it('load error: Error Loading Memberships with Retry that loads again', async () => {
    const server = fakeMembershipsServer([gold]);
    server.state.listFailures = 1;
    renderPage(server);
    expect(await screen.findByText('Error Loading Memberships')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch memberships')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Memberships')).toBeNull();
  });

  it('staff see the tiers without Add, Edit or Delete', async () => {
    const server = fakeMembershipsServer([gold]);
    renderPage(server, 'staff');
    expect(await screen.findByRole('article', { name: 'Gold' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Membership' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('Memberships page in Chinese', () => {
  const jade = tier(3, {
    name: 'Jade',
    nameZh: '翡翠會員',
    nameCn: '翡翠会员',
    description: 'Our jade members',
    descriptionZh: '尊貴的翡翠會員',
    descriptionCn: '尊贵的翡翠会员',
    minSpendAmount: 1000,
    maxSpendAmount: 4999.99,
    discountPercentage: 12.5,
    benefits: ['Free coffee', 'Birthday gift', 'Priority queue', 'Lounge'].map((benefit) => ({ benefit })),
  });
  // Pager: translated with the list kit (docs/design.md §8, Languages).
  const pager = ['Pagination', 'Page', 'of', 'Previous', 'Next'];

  it('zh-Hant: the tier shows its Traditional name and description, the labels are Chinese, no English is left', async () => {
    await setLocale('zh-Hant');
    renderPage(fakeMembershipsServer([jade, platinum]));
    expect(await screen.findByRole('heading', { name: '會員等級' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: '翡翠會員' });
    expect(within(card).getByText('尊貴的翡翠會員')).toBeInTheDocument();
    expect(within(card).getByText('折扣')).toBeInTheDocument();
    expect(within(card).getByText('12.5%')).toBeInTheDocument();
    expect(within(card).getByText('$1,000 - $4,999.99')).toBeInTheDocument();
    expect(within(card).getByText('另有 1 項')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '編輯 翡翠會員' })).toBeInTheDocument();
    // A tier without Chinese texts keeps its English name.
    expect(within(screen.getByRole('article', { name: 'Platinum' })).getByText('已停用')).toBeInTheDocument();
    expect(screen.getByText('顯示 2 個會員等級中的 2 個')).toBeInTheDocument();
    expect(
      englishLeft(screen.getByRole('main'), ['Platinum', 'Free coffee', 'Birthday gift', 'Priority queue', ...pager]),
    ).toEqual([]);

    await userEvent.setup().click(screen.getByRole('button', { name: '新增會員等級' }));
    const form = await screen.findByRole('dialog');
    expect(within(form).getByRole('heading', { name: '建立會員等級' })).toBeInTheDocument();
    expect(within(form).getByRole('tab', { name: '基本資料' })).toBeInTheDocument();
    expect(within(form).getByLabelText('最低消費（$）')).toBeInTheDocument();
    expect(englishLeft(form, ['Close'])).toEqual([]);
  });

  it('zh-Hans: the tier shows its Simplified name and description', async () => {
    await setLocale('zh-Hans');
    renderPage(fakeMembershipsServer([jade, platinum]));
    expect(await screen.findByRole('heading', { name: '会员等级' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: '翡翠会员' });
    expect(within(card).getByText('尊贵的翡翠会员')).toBeInTheDocument();
    expect(within(card).getByText('消费范围')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: '删除 翡翠会员' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加会员等级' })).toBeInTheDocument();
    expect(
      englishLeft(screen.getByRole('main'), ['Platinum', 'Free coffee', 'Birthday gift', 'Priority queue', ...pager]),
    ).toEqual([]);
  });
});
