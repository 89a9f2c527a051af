import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserBody, type CreateUserInput, createUserSchema } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { useCreateUser } from '../api/create-user';
import { failureMessage } from '../users-labels';
import { applyServerErrors } from './apply-server-errors';

const EMPTY: CreateUserInput = { firstName: '', lastName: '', email: '', phone: '', role: '', password: '' };
const ROLE_CHOICES = [
  { value: '', label: 'Select a role', disabled: true },
  { value: 'ADMIN', label: 'ADMIN' },
  { value: 'STAFF', label: 'STAFF' },
];

/** Add user (spec: Cancel and Create; roles ADMIN and STAFF). */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useForm<CreateUserInput, unknown, CreateUserBody>({
    resolver: zodResolver(createUserSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateUser();
  const { errors, isSubmitting } = form.formState;

  const close = (next: boolean) => {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  };

  const submit = form.handleSubmit(async (body) => {
    try {
      await create.mutateAsync(body);
      toast({ title: 'User created' });
      close(false);
    } catch (error) {
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: 'Create failed', description: failureMessage(error) });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add user</DialogTitle>
          <DialogDescription>
            The new user signs in with this e-mail and password, then verifies a phone.
          </DialogDescription>
        </DialogHeader>
        <form id="add-user-form" className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="add-user-firstName"
              label="First name"
              autoComplete="off"
              error={errors.firstName}
              registration={form.register('firstName')}
            />
            <TextField
              id="add-user-lastName"
              label="Last name"
              autoComplete="off"
              error={errors.lastName}
              registration={form.register('lastName')}
            />
          </div>
          <TextField
            id="add-user-email"
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email}
            registration={form.register('email')}
          />
          <TextField
            id="add-user-phone"
            label="Phone"
            type="tel"
            placeholder="+15551234567"
            autoComplete="off"
            error={errors.phone}
            registration={form.register('phone')}
          />
          <SelectField
            id="add-user-role"
            label="Role"
            choices={ROLE_CHOICES}
            error={errors.role}
            registration={form.register('role')}
          />
          <TextField
            id="add-user-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password}
            registration={form.register('password')}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="add-user-form" disabled={isSubmitting}>
            Create
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
