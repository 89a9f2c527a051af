import { zodResolver } from '@hookform/resolvers/zod';
import { type MemberRow, type UpdateMemberBody, type UpdateMemberInput, updateMemberSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors } from '@/lib/apply-server-errors';
import { useCreateMember } from '../api/create-member';
import { useMember } from '../api/get-member';
import { useTierOptions } from '../api/get-tier-options';
import { useUpdateMember } from '../api/update-member';
import { failureMessage, MEMBERS_TEXT } from '../members-labels';

const EMPTY: UpdateMemberInput = { firstName: '', lastName: '', email: '', phone: '', tierId: '', status: 'active' };

/** Every word of the dialog but the tier names. */
const TEXT = {
  addTitle: 'Add Member',
  editTitle: 'Edit Member',
  addDescription: 'A membership code is generated. Automatic gives the tier that lifetime spend reaches.',
  editDescription: 'Change the member’s details. Choosing a membership pins it; Automatic follows lifetime spend.',
  membership: 'Membership',
  status: 'Status',
  create: 'Create',
  save: 'Save',
  created: 'Member created',
  updated: 'Member updated',
  createFailed: 'Create failed',
  updateFailed: 'Update failed',
  statuses: [
    { value: 'active', label: 'Active' },
    { value: 'inactive', label: 'Inactive' },
  ],
};

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
      toast({ title: editing ? TEXT.updated : TEXT.created });
      onClose();
    } catch (error) {
      applyServerErrors(form, error, { focus: false });
      toast({
        variant: 'destructive',
        title: editing ? TEXT.updateFailed : TEXT.createFailed,
        description: failureMessage(error),
      });
    }
  });

  const choices = [
    { value: '', label: MEMBERS_TEXT.automatic },
    ...(tiers.data ?? []).filter((t) => t.isActive !== false).map((t) => ({ value: t.id, label: t.name })),
  ];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={editing ? TEXT.editTitle : TEXT.addTitle}
      description={editing ? TEXT.editDescription : TEXT.addDescription}
      formId="member-form"
      form={form}
      onSubmit={submit}
      submitLabel={editing ? TEXT.save : TEXT.create}
    >
      <PersonFields idPrefix="member" />
      <SelectField id="member-tier" name="tierId" label={TEXT.membership} choices={choices} />
      {editing && <SelectField id="member-status" name="status" label={TEXT.status} choices={TEXT.statuses} />}
    </FormDialog>
  );
}
