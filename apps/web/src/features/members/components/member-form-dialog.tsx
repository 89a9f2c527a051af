import { zodResolver } from '@hookform/resolvers/zod';
import { type MemberRow, type UpdateMemberBody, type UpdateMemberInput, updateMemberSchema } from '@loyalty/contracts';
import * as React from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
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
import { ApiError } from '@/lib/api-client';
import { useCreateMember } from '../api/create-member';
import { useMember } from '../api/get-member';
import { useTierOptions } from '../api/get-tier-options';
import { useUpdateMember } from '../api/update-member';
import { failureMessage, MEMBERS_TEXT } from '../members-labels';

const EMPTY: UpdateMemberInput = { firstName: '', lastName: '', email: '', phone: '', tierId: '', status: 'active' };

function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown) {
  if (!(error instanceof ApiError)) return;
  const known = Object.keys(form.getValues());
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if (known.includes(field)) form.setError(field as Path<T>, { type: 'server', message });
  }
}

type Props = {
  /** null: closed; 'new': Add Member; a row: Edit Member. */
  target: MemberRow | 'new' | null;
  /** Whether the member's tier is pinned (the row does not say; the page knows from the detail when it has it). */
  onClose: () => void;
};

/** Add Member and Edit Member: names, e-mail, phone, membership (a tier, or automatic by spend). */
export function MemberFormDialog({ target, onClose }: Props) {
  const open = target !== null;
  const editing = target !== null && target !== 'new' ? target : null;
  const tiers = useTierOptions(open);
  // The row does not say whether the tier is pinned; the detail does.
  const detail = useMember(editing?.userId ?? null);
  const pinnedTierId = detail.data?.tierPinned ? (detail.data.tier?.id ?? '') : '';
  const create = useCreateMember();
  const update = useUpdateMember();
  const form = useForm<UpdateMemberInput, unknown, UpdateMemberBody>({
    resolver: zodResolver(updateMemberSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = form.formState;

  React.useEffect(() => {
    if (!open) return;
    form.reset(
      editing
        ? {
            firstName: editing.firstName,
            lastName: editing.lastName,
            email: editing.email ?? '',
            phone: editing.phone,
            tierId: '',
            status: editing.status === 'inactive' ? 'inactive' : 'active',
          }
        : EMPTY,
    );
  }, [open, editing, form]);

  React.useEffect(() => {
    if (open && editing && !form.getFieldState('tierId').isDirty) form.setValue('tierId', pinnedTierId);
  }, [open, editing, pinnedTierId, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.userId, body });
      else {
        const { status: _status, ...createBody } = body;
        await create.mutateAsync(createBody);
      }
      toast({ title: editing ? 'Member updated' : 'Member created' });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      toast({
        variant: 'destructive',
        title: editing ? 'Update failed' : 'Create failed',
        description: failureMessage(error),
      });
    }
  });

  const choices = [
    { value: '', label: MEMBERS_TEXT.automatic },
    ...(tiers.data ?? []).filter((t) => t.isActive !== false).map((t) => ({ value: t.id, label: t.name })),
  ];

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Member' : 'Add Member'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Change the member’s details. Choosing a membership pins it; Automatic follows lifetime spend.'
              : 'A membership code is generated. Automatic gives the tier that lifetime spend reaches.'}
          </DialogDescription>
        </DialogHeader>
        <form id="member-form" className="grid gap-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="member-firstName"
              label="First name"
              autoComplete="off"
              error={errors.firstName}
              registration={form.register('firstName')}
            />
            <TextField
              id="member-lastName"
              label="Last name"
              autoComplete="off"
              error={errors.lastName}
              registration={form.register('lastName')}
            />
          </div>
          <TextField
            id="member-email"
            label="Email"
            type="email"
            autoComplete="off"
            error={errors.email}
            registration={form.register('email')}
          />
          <TextField
            id="member-phone"
            label="Phone"
            type="tel"
            placeholder="+15551234567"
            autoComplete="off"
            error={errors.phone}
            registration={form.register('phone')}
          />
          <SelectField
            id="member-tier"
            label="Membership"
            choices={choices}
            error={errors.tierId}
            registration={form.register('tierId')}
          />
          {editing && (
            <SelectField
              id="member-status"
              label="Status"
              choices={[
                { value: 'active', label: 'Active' },
                { value: 'inactive', label: 'Inactive' },
              ]}
              error={errors.status}
              registration={form.register('status')}
            />
          )}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="member-form" disabled={isSubmitting}>
            {editing ? 'Save' : 'Create'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
