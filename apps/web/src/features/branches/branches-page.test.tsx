import { BRANCH_MESSAGES, type Branch, branchBodySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { branch } from '@/test/branch-fixtures';
import { apiError, json, noContent, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { pretendMobile } from '@/test/users-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

afterEach(async () => {
  await setLocale('en');
});

const CENTRAL = branch('b-1', 'Central', {
  nameZh: '中環',
  nameCn: '中环',
  address: '1 Queen’s Road Central',
  phone: '+852 2123 4567',
  latitude: 22.2819,
  longitude: 114.1582,
});
const MONG_KOK = branch('b-2', 'Mong Kok', { active: false });

/** The branches API: bodies checked with the contract; a branch an entry names is refused on DELETE (409). */
function fakeBranches(initial: Branch[] = [CENTRAL, MONG_KOK]) {
  let list = [...initial];
  const bodies: unknown[] = [];
  const requests = serveRoutes({
    'GET /api/tenants/branches': () => json({ content: list }),
    'POST /api/tenants/branches': ({ body }) => {
      const parsed = branchBodySchema.parse(body);
      bodies.push(body);
      const created = branch(`b-${list.length + 1}`, parsed.name, { ...parsed });
      list = [...list, created];
      return json(created, 201);
    },
    'PUT /api/tenants/branches/:id': ({ body, params }) => {
      const parsed = branchBodySchema.parse(body);
      bodies.push(body);
      list = list.map((b) => (b.id === params.id ? { ...b, ...parsed } : b));
      return json(list.find((b) => b.id === params.id));
    },
    'DELETE /api/tenants/branches/:id': ({ params }) => {
      // Since the list was read, a purchase was recorded at Central.
      if (params.id === CENTRAL.id) {
        list = list.map((b) => (b.id === CENTRAL.id ? { ...b, inUse: true } : b));
        return apiError(409, BRANCH_MESSAGES.BRANCH_IN_USE, { error: 'BRANCH_IN_USE' });
      }
      list = list.filter((b) => b.id !== params.id);
      return noContent();
    },
  });
  return { bodies, requests };
}

const renderBranches = (role: 'owner' | 'staff' = 'owner') =>
  renderApp('/branches', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role },
  });

describe('Branches screen', () => {
  it('lists the branches: name and address, phone, place on the map or not, active or not', async () => {
    fakeBranches();
    renderBranches();
    const table = await screen.findByRole('region', { name: 'Branches' });
    await within(table).findByText('Central');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => within(r).getAllByRole(r === rows[0] ? 'columnheader' : 'cell').length)).toEqual([5, 5, 5]);
    expect(rows[1]).toHaveTextContent('Central1 Queen’s Road Central+852 2123 456722.2819, 114.1582Active');
    expect(rows[2]).toHaveTextContent('Mong KokNot on the mapInactive');
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Edit Central' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Delete Central' })).toBeInTheDocument();
  });

  it('in Traditional Chinese the names are the Chinese ones', async () => {
    await setLocale('zh-Hant');
    fakeBranches();
    renderBranches();
    const table = await screen.findByRole('region', { name: '分店' });
    expect(await within(table).findByText('中環')).toBeInTheDocument();
    expect(within(table).getByText('未設定位置')).toBeInTheDocument();
  });

  it('staff read the list without Add, Edit or Delete', async () => {
    fakeBranches();
    renderBranches('staff');
    const table = await screen.findByRole('region', { name: 'Branches' });
    expect(await within(table).findByText('Central')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add branch' })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('no branches yet: says the business records as one shop', async () => {
    fakeBranches([]);
    renderBranches();
    expect(await screen.findByText('No branches yet: the business records as one shop')).toBeInTheDocument();
  });

  it('adds a branch with its coordinates pasted as one text, sent as two numbers', async () => {
    const server = fakeBranches();
    renderBranches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add branch' });
    await user.type(within(dialog).getByLabelText('Name'), 'Tsim Sha Tsui');
    await user.type(within(dialog).getByLabelText('Name (Traditional Chinese)'), '尖沙咀');
    await user.type(within(dialog).getByLabelText('Coordinates'), '22.2988 114.1722');
    await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
    expect(await screen.findByText('Branch added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add branch' })).toBeNull());
    expect(server.bodies[0]).toMatchObject({
      name: 'Tsim Sha Tsui',
      nameZh: '尖沙咀',
      nameCn: null,
      latitude: 22.2988,
      longitude: 114.1722,
      active: true,
    });
    const table = screen.getByRole('region', { name: 'Branches' });
    expect(await within(table).findByText('22.2988, 114.1722')).toBeInTheDocument();
  });

  it('refuses bad input at the field it concerns, and sends nothing', async () => {
    const server = fakeBranches();
    renderBranches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add branch' });
    await user.type(within(dialog).getByLabelText('Coordinates'), '95, 114');
    await user.type(within(dialog).getByLabelText('Phone'), 'call us');
    await user.type(within(dialog).getByLabelText('Lock-screen text'), 'x'.repeat(61));
    await user.click(within(dialog).getByRole('button', { name: 'Add branch' }));
    expect(await within(dialog).findByText(BRANCH_MESSAGES.nameRequired)).toHaveAttribute('id', 'branch-name-error');
    expect(within(dialog).getByText(BRANCH_MESSAGES.coordinates)).toHaveAttribute('id', 'branch-coordinates-error');
    expect(within(dialog).getByText(BRANCH_MESSAGES.phone)).toHaveAttribute('id', 'branch-phone-error');
    expect(dialog.querySelector('#branch-relevantText-error')).not.toBeNull();
    expect(within(dialog).getByLabelText('Coordinates')).toHaveAttribute('aria-invalid', 'true');
    expect(server.requests.some((r) => r.method !== 'GET')).toBe(false);
    // Put right, the message goes.
    await user.clear(within(dialog).getByLabelText('Coordinates'));
    await user.type(within(dialog).getByLabelText('Coordinates'), '22.28, 114.15');
    await waitFor(() => expect(dialog.querySelector('#branch-coordinates-error')).toBeNull());
  });

  it('edits a branch: the dialog opens with its values and saves them with the change', async () => {
    const server = fakeBranches();
    renderBranches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Mong Kok' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit branch' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Mong Kok');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Branch saved')).toBeInTheDocument();
    expect(server.bodies[0]).toMatchObject({ name: 'Mong Kok', active: true });
    const row = within(screen.getByRole('region', { name: 'Branches' }))
      .getAllByRole('row')
      .find((r) => r.textContent?.includes('Mong Kok')) as HTMLElement;
    await waitFor(() => expect(row).toHaveTextContent('Active'));
  });

  it('a branch an entry names since the list was read: Delete is refused with why, and the row then says it is in use', async () => {
    fakeBranches();
    renderBranches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Central' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete branch' });
    expect(confirm).toHaveTextContent('Delete “Central”?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The branch was not deleted')).toBeInTheDocument();
    expect(screen.getAllByText(BRANCH_MESSAGES.BRANCH_IN_USE).length).toBeGreaterThan(0);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    const table = screen.getByRole('region', { name: 'Branches' });
    expect(await within(table).findByText('In use: deactivate it instead')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete Central' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Mong Kok' })).toBeInTheDocument();
  });

  it('deletes a branch no entry names', async () => {
    fakeBranches();
    renderBranches();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Mong Kok' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete branch' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Branch deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Mong Kok')).toBeNull());
  });

  it('on a phone: a card per branch with its actions', async () => {
    const restore = pretendMobile();
    try {
      fakeBranches();
      renderBranches();
      const cards = await screen.findByRole('list', { name: 'Branches' });
      const items = await within(cards).findAllByRole('listitem');
      expect(items).toHaveLength(2);
      expect(items[0]).toHaveTextContent('Central');
      expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Edit Central' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });
});
