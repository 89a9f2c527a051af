import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantUser, type UpdateUserBody, type UpdateUserInput, updateUserSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { dialogSubmit, FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { useUpdateUser } from '../api/update-user';

/** Every word of the dialog. */
const TEXT = {
  title: 'Edit user',
  description: 'Change the details, role or status of this team member.',
  submit: 'Save',
  done: 'User updated',
  failed: 'Update failed',
  role: 'Role',
  status: 'Status',
  newPassword: 'New password (optional)',
  roles: [
    { value: 'ADMIN', label: 'Admin' },
    { value: 'STAFF', label: 'Staff' },
  ],
  // Pending Verification is shown but never chosen by hand: the user's own SMS check ends it.
  statuses: [
    { value: 'PENDING_VERIFICATION', label: 'Pending Verification', disabled: true },
    { value: 'ACTIVE', label: 'Active' },
    { value: 'INACTIVE', label: 'Inactive' },
  ],
};

/** The form's starting values; an unknown status reads as Inactive (spec §4). */
export function editValues(user: TenantUser): UpdateUserInput {
  const known = ['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE'];
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role === 'admin' ? 'ADMIN' : 'STAFF',
    status: (known.includes(user.status) ? user.status : 'INACTIVE') as UpdateUserInput['status'],
    newPassword: '',
  };
}

/** Edit user (spec: Cancel and Save; roles Admin and Staff; status Active or Inactive). */
export function EditUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const form = useForm<UpdateUserInput, unknown, UpdateUserBody>({
    resolver: zodResolver(updateUserSchema),
    mode: 'onTouched',
  });
  const update = useUpdateUser();

  React.useEffect(() => {
    if (user) form.reset(editValues(user));
  }, [user, form]);

  const save = async (body: UpdateUserBody) => {
    if (user) await update.mutateAsync({ userId: user.userId, body });
  };

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      text={TEXT}
      formId="edit-user-form"
      form={form}
      onSubmit={dialogSubmit(form, TEXT, save, onClose)}
    >
      <PersonFields idPrefix="edit-user" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="edit-user-role" name="role" label={TEXT.role} choices={TEXT.roles} />
        <SelectField id="edit-user-status" name="status" label={TEXT.status} choices={TEXT.statuses} />
      </div>
      <TextField
        id="edit-user-newPassword"
        name="newPassword"
        label={TEXT.newPassword}
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
