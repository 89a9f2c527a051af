import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeUsersServer, OWNER, teamUser } from '@/test/users-test-server';
import { pretendMobile, renderUsers } from '@/test/users-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const firstGet = 'GET page=0 size=5 sortBy=createdAt direction=desc filter=';

describe('Users page: the list', () => {
  it('shows title, subtitle, search, Add User and every column, calling the list as docs/spec/data-screens.md §7 says', async () => {
    const server = createFakeUsersServer([OWNER, teamUser(1)]);
    renderUsers(server);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText('Manage your team members')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name or email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['User ID', 'First name', 'Last name', 'Email', 'Phone', 'Role', 'Status', 'Actions']);
    const row = within(table).getByRole('row', { name: /First1/ });
    expect(within(row).getByText('u-101')).toBeInTheDocument();
    expect(within(row).getByText('user1@example.test')).toBeInTheDocument();
    expect(within(row).getByText('+15550000001')).toBeInTheDocument();
    expect(within(row).getByText('Staff')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(server.log).toEqual([firstGet]);
  });

  it('disables Edit on the owner row and Delete on the owner row and on one’s own row', async () => {
    const me = teamUser(2, { role: 'admin', userId: 'u-me' });
    renderUsers(createFakeUsersServer([OWNER, me, teamUser(3)]), { role: 'admin', userId: 'u-me' });
    expect(await screen.findByRole('button', { name: 'Edit Olivia Owner' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Olivia Owner' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit First2 Last2' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete First2 Last2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit First3 Last3' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete First3 Last3' })).toBeEnabled();
  });

  it('a staff user sees the list without Add User, Edit, Delete or the Actions column', async () => {
    renderUsers(createFakeUsersServer([OWNER, teamUser(1)]), { role: 'staff', userId: 'u-101' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('First1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('says No users found in this tenant, and No users match your search with a search', async () => {
    const server = createFakeUsersServer([]);
    const { router } = renderUsers(server);
    expect(await screen.findByText('No users found in this tenant')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search by name or email'), 'zzz');
    expect(await screen.findByText('No users match your search')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter=zzz');
  });

  it('debounces the search 400 ms and sends the text as filter, once, from the first page', async () => {
    const server = createFakeUsersServer([OWNER, ...Array.from({ length: 6 }, (_, i) => teamUser(i + 1))]);
    const { router } = renderUsers(server, { path: '/users?page=2' });
    await screen.findByText('Page 2 of 2');
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search by name or email'), 'first4');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('First4')).toBeInTheDocument();
    expect(within(table).queryByText('First5')).toBeNull();
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(server.log.filter((entry) => entry.includes('filter=f'))).toEqual([
      'GET page=0 size=5 sortBy=createdAt direction=desc filter=first4',
    ]);
    expect(router.state.location.search).toBe('?filter=first4');
  });

  it('pages with Previous and Next, shows Page N of M with " • Loading…" while fetching, keeps the page in the URL', async () => {
    const server = createFakeUsersServer([OWNER, ...Array.from({ length: 6 }, (_, i) => teamUser(i + 1))]);
    const { router } = renderUsers(server);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    const release = server.holdGets();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 • Loading…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=2');
    expect(server.log.at(-1)).toBe('GET page=1 size=5 sortBy=createdAt direction=desc filter=');
  });

  it('starts from the page and filter in the URL', async () => {
    const server = createFakeUsersServer([OWNER, ...Array.from({ length: 12 }, (_, i) => teamUser(i + 1))]);
    renderUsers(server, { path: '/users?page=2&filter=first' });
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by name or email')).toHaveValue('first');
    expect(server.log[0]).toBe('GET page=1 size=5 sortBy=createdAt direction=desc filter=first');
  });

  it('toasts Failed to load users with the message', async () => {
    const server = createFakeUsersServer();
    server.fail('GET', 500, { status: 500, message: 'Database unavailable' });
    renderUsers(server);
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('below 768 px shows cards: name (or e-mail, or Unknown user), tenant, status, e-mail, phone, role', async () => {
    const restore = pretendMobile();
    try {
      const noName = teamUser(1, { firstName: '', lastName: '', email: 'nameless@example.test' });
      const nothing = teamUser(2, { firstName: '', lastName: '', email: '' });
      renderUsers(createFakeUsersServer([OWNER, noName, nothing]));
      const list = await screen.findByRole('list', { name: 'Users' });
      expect(screen.queryByRole('table')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(3);
      expect(within(cards[0] as HTMLElement).getByText('Olivia Owner')).toBeInTheDocument();
      expect(within(cards[0] as HTMLElement).getByText('Tenant t-1')).toBeInTheDocument();
      expect(within(cards[0] as HTMLElement).getByText('Owner')).toBeInTheDocument();
      expect(within(cards[0] as HTMLElement).getByText('+15550000001')).toBeInTheDocument();
      expect(within(cards[1] as HTMLElement).getAllByText('nameless@example.test')).toHaveLength(2);
      expect(within(cards[2] as HTMLElement).getByText('Unknown user')).toBeInTheDocument();
      expect(within(cards[2] as HTMLElement).getByRole('button', { name: 'Delete Unknown user' })).toBeEnabled();
    } finally {
      restore();
    }
  });
});
