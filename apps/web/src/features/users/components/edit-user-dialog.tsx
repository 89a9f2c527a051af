import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantUser, type UpdateUserBody, type UpdateUserInput, updateUserSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors } from '@/lib/apply-server-errors';
import { useUpdateUser } from '../api/update-user';
import { failureMessage } from '../users-labels';

/** Every word of the dialog. */
const TEXT = {
  title: 'Edit user',
  description: 'Change the details, role or status of this team member.',
  role: 'Role',
  status: 'Status',
  newPassword: 'New password (optional)',
  submit: 'Save',
  updated: 'User updated',
  failed: 'Update failed',
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

  const submit = form.handleSubmit(async (body) => {
    if (!user) return;
    try {
      await update.mutateAsync({ userId: user.userId, body });
      toast({ title: TEXT.updated });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: TEXT.failed, description: failureMessage(error) });
    }
  });

  return (
    <FormDialog
      open={user !== null}
      onClose={onClose}
      title={TEXT.title}
      description={TEXT.description}
      formId="edit-user-form"
      form={form}
      onSubmit={submit}
      submitLabel={TEXT.submit}
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
