import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserBody, type CreateUserInput, createUserSchema } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useCreateUser } from '../api/create-user';
import { BranchChoiceField } from './branch-choice-field';
import { NewPasswordField } from './new-password-field';

const EMPTY: CreateUserInput = { firstName: '', lastName: '', email: '', phone: '', role: '', password: '' };

/** Every word of the dialog, as keys. */
const TEXT = {
  title: 'users.addTitle',
  description: 'users.addDescription',
  submit: 'users.create',
  done: 'users.created',
  failed: 'users.createFailed',
} as const;

/** The spec's choices: ADMIN and STAFF, shown in capitals in English. */
const ROLES: { value: string; label: MessageKey; disabled?: boolean }[] = [
  { value: '', label: 'users.selectRole', disabled: true },
  { value: 'ADMIN', label: 'users.roleAdminChoice' }, // i18n-ignore: the API's value, sent as it is
  { value: 'STAFF', label: 'users.roleStaffChoice' }, // i18n-ignore: the API's value, sent as it is
];

/** Add user (spec: Cancel and Create; roles ADMIN and STAFF). */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<CreateUserInput, unknown, CreateUserBody>({
    resolver: zodResolver(createUserSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateUser();
  const t = useT();
  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  return (
    <FormDialog open={open} onClose={close} text={TEXT} form={form} save={create.mutateAsync}>
      <PersonFields idPrefix="add-user" />
      <SelectField
        id="add-user-role"
        name="role"
        label={t('users.role')}
        choices={ROLES.map((role) => ({ ...role, label: t(role.label) }))}
      />
      <NewPasswordField id="add-user-password" name="password" label={t('users.password')} />
      <BranchChoiceField id="add-user-branchIds" />
    </FormDialog>
  );
}
