import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantUser, type UpdateUserBody, type UpdateUserInput, updateUserSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useUpdateUser } from '../api/update-user';
import { BranchChoiceField } from './branch-choice-field';
import { NewPasswordField } from './new-password-field';

/** Every word of the dialog, as keys. */
const TEXT = {
  title: 'users.editTitle',
  description: 'users.editDescription',
  submit: 'users.save',
  done: 'users.updated',
  failed: 'users.updateFailed',
} as const;

type Choice = { value: string; label: MessageKey; disabled?: boolean };
const ROLES: Choice[] = [
  { value: 'ADMIN', label: 'users.roleAdmin' }, // i18n-ignore: the API's value, sent as it is
  { value: 'STAFF', label: 'users.roleStaff' }, // i18n-ignore: the API's value, sent as it is
];
// Pending Verification is shown but never chosen by hand: the user's own SMS check ends it.
const STATUSES: Choice[] = [
  { value: 'PENDING_VERIFICATION', label: 'users.statusPending', disabled: true }, // i18n-ignore: the API's value
  { value: 'ACTIVE', label: 'users.statusActive' }, // i18n-ignore: the API's value
  { value: 'INACTIVE', label: 'users.statusInactive' }, // i18n-ignore: the API's value
];

const translated = (choices: Choice[], t: (key: MessageKey) => string) =>
  choices.map((choice) => ({ ...choice, label: t(choice.label) }));

/** The form's starting values; an unknown status reads as Inactive (docs/spec/data-screens.md §4). */
function editValues(user: TenantUser): UpdateUserInput {
  const known = ['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE'];
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role === 'admin' ? 'ADMIN' : 'STAFF',
    status: (known.includes(user.status) ? user.status : 'INACTIVE') as UpdateUserInput['status'],
    newPassword: '',
    // Sent back as they are unless changed; a row without them (an older server) sends none and keeps them.
    ...(user.branchIds ? { branchIds: user.branchIds } : {}),
  };
}

/** Edit user (spec: Cancel and Save; roles Admin and Staff; status Active or Inactive). */
export function EditUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const form = useForm<UpdateUserInput, unknown, UpdateUserBody>({
    resolver: zodResolver(updateUserSchema),
    mode: 'onTouched',
  });
  const update = useUpdateUser();
  const t = useT();

  React.useEffect(() => {
    if (user) form.reset(editValues(user));
  }, [user, form]);

  const save = async (body: UpdateUserBody) => {
    if (user) await update.mutateAsync({ userId: user.userId, body });
  };

  return (
    <FormDialog open={user !== null} onClose={onClose} text={TEXT} form={form} save={save}>
      <PersonFields idPrefix="edit-user" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="edit-user-role" name="role" label={t('users.role')} choices={translated(ROLES, t)} />
        <SelectField id="edit-user-status" name="status" label={t('users.status')} choices={translated(STATUSES, t)} />
      </div>
      <NewPasswordField id="edit-user-newPassword" name="newPassword" label={t('users.newPassword')} />
      <BranchChoiceField id="edit-user-branchIds" />
    </FormDialog>
  );
}
