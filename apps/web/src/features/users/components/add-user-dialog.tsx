import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserBody, type CreateUserInput, createUserSchema } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import { dialogSubmit, FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { useCreateUser } from '../api/create-user';

const EMPTY: CreateUserInput = { firstName: '', lastName: '', email: '', phone: '', role: '', password: '' };

/** Every word of the dialog. */
const TEXT = {
  title: 'Add user',
  description: 'The new user signs in with this e-mail and password, then verifies a phone.',
  submit: 'Create',
  done: 'User created',
  failed: 'Create failed',
  role: 'Role',
  password: 'Password',
  roles: [
    { value: '', label: 'Select a role', disabled: true },
    { value: 'ADMIN', label: 'ADMIN' },
    { value: 'STAFF', label: 'STAFF' },
  ],
};

/** Add user (spec: Cancel and Create; roles ADMIN and STAFF). */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<CreateUserInput, unknown, CreateUserBody>({
    resolver: zodResolver(createUserSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateUser();
  const close = () => {
    form.reset(EMPTY);
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      text={TEXT}
      formId="add-user-form"
      form={form}
      onSubmit={dialogSubmit(form, TEXT, create.mutateAsync, close)}
    >
      <PersonFields idPrefix="add-user" />
      <SelectField id="add-user-role" name="role" label={TEXT.role} choices={TEXT.roles} />
      <TextField
        id="add-user-password"
        name="password"
        label={TEXT.password}
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
