import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeUsersServer, OWNER, teamUser } from '@/test/users-test-server';
import { renderUsers } from '@/test/users-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const gets = (log: string[]) => log.filter((entry) => entry.startsWith('GET')).length;

async function openAdd(server = createFakeUsersServer()) {
  renderUsers(server);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add User' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add user' });
  return { user, dialog, server };
}

describe('Add user dialog', () => {
  it('validates a field on blur, then again on every change (docs/spec/data-screens.md §5)', async () => {
    const { user, dialog } = await openAdd();
    const first = within(dialog).getByLabelText('First name');
    await user.click(first);
    await user.tab();
    expect(await within(dialog).findByText('Required')).toHaveAttribute('id', 'add-user-firstName-error');
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.type(first, 'G');
    await waitFor(() => expect(dialog.querySelector('#add-user-firstName-error')).toBeNull());
    const phone = within(dialog).getByLabelText('Phone');
    await user.type(phone, '12345');
    await user.tab();
    expect(await within(dialog).findByText('Invalid phone (use + country code)')).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '+15551234567');
    await waitFor(() => expect(within(dialog).queryByText('Invalid phone (use + country code)')).toBeNull());
  });

  it('names every field when Create is pressed on an empty form, and sends nothing', async () => {
    const { user, dialog, server } = await openAdd();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Required')).toHaveLength(3);
    expect(within(dialog).getByText('Invalid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Invalid phone (use + country code)')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(server.log.some((entry) => entry.startsWith('POST'))).toBe(false);
  });

  it('offers ADMIN and STAFF; creates, toasts User created, closes and refetches the list', async () => {
    const { user, dialog, server } = await openAdd();
    const role = within(dialog).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a role', 'ADMIN', 'STAFF']);
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.test');
    await user.type(within(dialog).getByLabelText('Phone'), '+15551234567');
    await user.selectOptions(role, 'STAFF');
    await user.type(within(dialog).getByLabelText('Password'), 'team-pass-1');
    const before = gets(server.log);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull();
    expect(server.log).toContain(
      `POST ${JSON.stringify({
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.test',
        phone: '+15551234567',
        role: 'STAFF',
        password: 'team-pass-1',
      })}`,
    );
    await waitFor(() => expect(gets(server.log)).toBeGreaterThan(before));
    expect(await screen.findByRole('cell', { name: 'Grace' })).toBeInTheDocument();
  });

  it('puts a server field error on its field and toasts Create failed with the message', async () => {
    const server = createFakeUsersServer();
    server.fail('POST', 409, {
      status: 409,
      message: 'This email is already a user of this business.',
      errors: { email: 'This email is already a user of this business.' },
    });
    const { user, dialog } = await openAdd(server);
    await user.type(within(dialog).getByLabelText('First name'), 'Grace');
    await user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
    await user.type(within(dialog).getByLabelText('Email'), 'owner@example.test');
    await user.type(within(dialog).getByLabelText('Phone'), '+15551234567');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'ADMIN');
    await user.type(within(dialog).getByLabelText('Password'), 'team-pass-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Create failed')).toBeInTheDocument();
    expect(within(dialog).getByText('This email is already a user of this business.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  });
});

describe('Edit user dialog', () => {
  const staff = teamUser(1);
  const pending = teamUser(2, { status: 'PENDING_VERIFICATION', role: 'admin' });

  async function openEdit(name: string, server = createFakeUsersServer([OWNER, staff, pending])) {
    renderUsers(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    return { user, dialog, server };
  }

  it('is filled from the row; roles Admin and Staff; status Active, Inactive and a disabled Pending Verification', async () => {
    const { dialog } = await openEdit('First1 Last1');
    await waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveValue('First1'));
    expect(within(dialog).getByLabelText('Email')).toHaveValue('user1@example.test');
    const role = within(dialog).getByLabelText('Role');
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Admin', 'Staff']);
    expect(role).toHaveValue('STAFF');
    const status = within(dialog).getByLabelText('Status');
    expect(status).toHaveValue('ACTIVE');
    const options = within(status).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Pending Verification', 'Active', 'Inactive']);
    expect(options[0]).toBeDisabled();
    expect(within(dialog).getByLabelText('New password (optional)')).toHaveValue('');
  });

  it('saves without newPassword when it is empty, toasts User updated and refetches', async () => {
    const { user, dialog, server } = await openEdit('First1 Last1');
    const first = within(dialog).getByLabelText('First name');
    await waitFor(() => expect(first).toHaveValue('First1'));
    await user.clear(first);
    await user.type(first, 'Katherine');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'INACTIVE');
    const before = gets(server.log);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(server.log).toContain(
      `PUT u-101 ${JSON.stringify({
        firstName: 'Katherine',
        lastName: 'Last1',
        email: 'user1@example.test',
        phone: '+15550000001',
        role: 'STAFF',
        status: 'INACTIVE',
      })}`,
    );
    await waitFor(() => expect(gets(server.log)).toBeGreaterThan(before));
    expect(await screen.findByRole('cell', { name: 'Katherine' })).toBeInTheDocument();
  });

  it('a pending user shows Pending Verification and must be set Active or Inactive to save', async () => {
    const { user, dialog, server } = await openEdit('First2 Last2');
    const status = within(dialog).getByLabelText('Status');
    await waitFor(() => expect(status).toHaveValue('PENDING_VERIFICATION'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(server.log.some((entry) => entry.startsWith('PUT'))).toBe(false);
    await user.selectOptions(status, 'ACTIVE');
    await user.type(within(dialog).getByLabelText('New password (optional)'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('toasts Update failed with the server message, keeping the dialog open', async () => {
    const server = createFakeUsersServer([OWNER, staff]);
    server.fail('PUT', 403, { status: 403, message: 'This account also belongs to another business.' });
    const { user, dialog } = await openEdit('First1 Last1', server);
    await waitFor(() => expect(within(dialog).getByLabelText('First name')).toHaveValue('First1'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('This account also belongs to another business.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });
});

describe('Delete confirmation', () => {
  it('asks with the exact text; Cancel keeps the user, Delete removes, toasts User deleted and refetches', async () => {
    const server = createFakeUsersServer([OWNER, teamUser(1)]);
    renderUsers(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete First1 Last1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    expect(
      within(dialog).getByText('This action cannot be undone. The user will be permanently removed from this tenant.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.log.some((entry) => entry.startsWith('DELETE'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete First1 Last1' }));
    const again = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(server.log).toContain('DELETE u-101');
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'First1' })).toBeNull());
  });

  it('toasts Delete failed with the status when the answer carries no message (docs/spec/data-screens.md §7)', async () => {
    const server = createFakeUsersServer([OWNER, teamUser(1)]);
    server.fail('DELETE', 403, {});
    renderUsers(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete First1 Last1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete failed')).toBeInTheDocument();
    expect(screen.getByText(/^403/)).toBeInTheDocument();
  });
});
