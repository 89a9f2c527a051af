import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { branch } from '@/test/branch-fixtures';
import { createFakeUsersServer, OWNER, teamUser } from '@/test/users-test-server';
import { renderUsers } from '@/test/users-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const BRANCHES = [branch('b-1', 'Central'), branch('b-2', 'Mong Kok', { active: false })];
const STAFF = teamUser(1, { branchIds: [] });

const puts = (log: string[]) => log.filter((entry) => entry.startsWith('PUT')).map((e) => JSON.parse(e.split(' ')[2]!));

async function openEdit(server: ReturnType<typeof createFakeUsersServer>) {
  renderUsers(server);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit First1 Last1' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit user' }) };
}

describe('the user dialog’s branches (docs/design.md §10)', () => {
  it('a box per branch, inactive ones marked; ticking one binds the user to it', async () => {
    const server = createFakeUsersServer([OWNER, STAFF], { branches: BRANCHES });
    const { user, dialog } = await openEdit(server);
    // The dialog's code is fetched when it first opens; the branches come with it.
    const group = await within(dialog).findByRole('group', { name: 'Branches' });
    expect(group).toHaveTextContent('None ticked: the user may record at every branch');
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Central', 'Mong Kok(Inactive)']);
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    await user.click(within(group).getByRole('checkbox', { name: 'Central' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(puts(server.log)).toEqual([expect.objectContaining({ branchIds: ['b-1'] })]);
  });

  it('shows the branches the user has, and unticking the last one means every branch', async () => {
    const server = createFakeUsersServer([OWNER, teamUser(1, { branchIds: ['b-2'] })], { branches: BRANCHES });
    const { user, dialog } = await openEdit(server);
    // The dialog's code is fetched when it first opens; the branches come with it.
    const group = await within(dialog).findByRole('group', { name: 'Branches' });
    const mongKok = within(group).getByRole('checkbox', { name: /Mong Kok/ });
    expect(mongKok).toBeChecked();
    await user.click(mongKok);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(server.log)).toEqual([expect.objectContaining({ branchIds: [] })]));
  });

  it('a new user may be bound on Create', async () => {
    const server = createFakeUsersServer([OWNER], { branches: BRANCHES });
    renderUsers(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.test');
    await user.type(within(dialog).getByLabelText('Phone'), '+15551234567');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'STAFF');
    await user.type(within(dialog).getByLabelText('Password'), 'team-pass-1');
    await user.click(within(within(dialog).getByRole('group', { name: 'Branches' })).getByLabelText('Central'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    const post = server.log.find((entry) => entry.startsWith('POST')) ?? '';
    expect(JSON.parse(post.slice('POST '.length))).toMatchObject({ branchIds: ['b-1'] });
  });

  it('a business without branches sees no branches, and the body leaves them as stored', async () => {
    const server = createFakeUsersServer([OWNER, teamUser(1)]);
    const { user, dialog } = await openEdit(server);
    expect(within(dialog).queryByRole('group', { name: 'Branches' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(server.log)).toHaveLength(1));
    expect(puts(server.log)[0]).not.toHaveProperty('branchIds');
  });
});
