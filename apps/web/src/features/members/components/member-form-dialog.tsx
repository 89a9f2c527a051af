import { zodResolver } from '@hookform/resolvers/zod';
import { type MemberRow, type UpdateMemberBody, type UpdateMemberInput, updateMemberSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { dialogSubmit, FormDialog } from '@/components/form-dialog';
import { SelectField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { useCreateMember } from '../api/create-member';
import { useMember } from '../api/get-member';
import { useTierOptions } from '../api/get-tier-options';
import { useUpdateMember } from '../api/update-member';
import { MEMBERS_TEXT } from '../members-labels';

const EMPTY: UpdateMemberInput = { firstName: '', lastName: '', email: '', phone: '', tierId: '', status: 'active' };

/** Every word of the dialog but the tier names. */
const TEXT = {
  add: {
    title: 'Add Member',
    description: 'A membership code is generated. Automatic gives the tier that lifetime spend reaches.',
    submit: 'Create',
    done: 'Member created',
    failed: 'Create failed',
  },
  edit: {
    title: 'Edit Member',
    description: 'Change the member’s details. Choosing a membership pins it; Automatic follows lifetime spend.',
    submit: 'Save',
    done: 'Member updated',
    failed: 'Update failed',
  },
  membership: 'Membership',
  status: 'Status',
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

  const save = async (body: UpdateMemberBody) => {
    if (editing) await update.mutateAsync({ id: editing.userId, body });
    else {
      const { status: _status, ...createBody } = body;
      await create.mutateAsync(createBody);
    }
  };
  const text = editing ? TEXT.edit : TEXT.add;

  const choices = [
    { value: '', label: MEMBERS_TEXT.automatic },
    ...(tiers.data ?? []).filter((t) => t.isActive !== false).map((t) => ({ value: t.id, label: t.name })),
  ];

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      text={text}
      formId="member-form"
      form={form}
      onSubmit={dialogSubmit(form, text, save, onClose, { focus: false })}
    >
      <PersonFields idPrefix="member" />
      <SelectField id="member-tier" name="tierId" label={TEXT.membership} choices={choices} />
      {editing && <SelectField id="member-status" name="status" label={TEXT.status} choices={TEXT.statuses} />}
    </FormDialog>
  );
}
