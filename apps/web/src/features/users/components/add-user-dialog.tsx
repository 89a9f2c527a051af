import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserBody, type CreateUserInput, createUserSchema } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors } from '@/lib/apply-server-errors';
import { useCreateUser } from '../api/create-user';
import { failureMessage } from '../users-labels';

const EMPTY: CreateUserInput = { firstName: '', lastName: '', email: '', phone: '', role: '', password: '' };

/** Every word of the dialog. */
const TEXT = {
  title: 'Add user',
  description: 'The new user signs in with this e-mail and password, then verifies a phone.',
  role: 'Role',
  password: 'Password',
  submit: 'Create',
  created: 'User created',
  failed: 'Create failed',
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

  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      toast({ title: TEXT.created });
      close();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: TEXT.failed, description: failureMessage(error) });
    }
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={TEXT.title}
      description={TEXT.description}
      formId="add-user-form"
      form={form}
      onSubmit={submit}
      submitLabel={TEXT.submit}
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
