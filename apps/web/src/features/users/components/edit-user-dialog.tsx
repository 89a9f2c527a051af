import { zodResolver } from '@hookform/resolvers/zod';
import { type TenantUser, type UpdateUserBody, type UpdateUserInput, updateUserSchema } from '@loyalty/contracts';
import * as React from 'react';
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
import { useUpdateUser } from '../api/update-user';
import { failureMessage } from '../users-labels';
import { applyServerErrors } from './apply-server-errors';

const ROLE_CHOICES = [
  { value: 'ADMIN', label: 'Admin' },
  { value: 'STAFF', label: 'Staff' },
];
// Pending Verification is shown but never chosen by hand: the user's own SMS check ends it.
const STATUS_CHOICES = [
  { value: 'PENDING_VERIFICATION', label: 'Pending Verification', disabled: true },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

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
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (user) form.reset(editValues(user));
  }, [user, form]);

  const submit = form.handleSubmit(async (body) => {
    if (!user) return;
    try {
      await update.mutateAsync({ userId: user.userId, body });
      toast({ title: 'User updated' });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({ variant: 'destructive', title: 'Update failed', description: failureMessage(error) });
    }
  });

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit user</DialogTitle>
          <DialogDescription>Change the details, role or status of this team member.</DialogDescription>
        </DialogHeader>
        <form id="edit-user-form" className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="edit-user-firstName"
              label="First name"
              autoComplete="off"
              error={errors.firstName}
              registration={form.register('firstName')}
            />
            <TextField
              id="edit-user-lastName"
              label="Last name"
              autoComplete="off"
              error={errors.lastName}
              registration={form.register('lastName')}
            />
          </div>
          <TextField
            id="edit-user-email"
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email}
            registration={form.register('email')}
          />
          <TextField
            id="edit-user-phone"
            label="Phone"
            type="tel"
            placeholder="+15551234567"
            autoComplete="off"
            error={errors.phone}
            registration={form.register('phone')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id="edit-user-role"
              label="Role"
              choices={ROLE_CHOICES}
              error={errors.role}
              registration={form.register('role')}
            />
            <SelectField
              id="edit-user-status"
              label="Status"
              choices={STATUS_CHOICES}
              error={errors.status}
              registration={form.register('status')}
            />
          </div>
          <TextField
            id="edit-user-newPassword"
            label="New password (optional)"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword}
            registration={form.register('newPassword')}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="edit-user-form" disabled={isSubmitting}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
