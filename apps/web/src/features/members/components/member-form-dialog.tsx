import { zodResolver } from '@hookform/resolvers/zod';
import { type MemberRow, type UpdateMemberBody, type UpdateMemberInput, updateMemberSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { PersonFields } from '@/components/person-fields';
import { branchName, useBranches } from '@/lib/branches';
import { useT } from '@/lib/i18n/use-t';
import { useCreateMember } from '../api/create-member';
import { useMember } from '../api/get-member';
import { useTierOptions } from '../api/get-tier-options';
import { useUpdateMember } from '../api/update-member';
import { MEMBERS_TEXT } from '../members-labels';

const EMPTY: UpdateMemberInput = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  tierId: '',
  status: 'active',
  birthday: '',
};

/** Every word of the dialog but the tier names, as keys. */
const TEXT = {
  add: {
    title: 'members.addTitle',
    description: 'members.addDescription',
    submit: 'members.create',
    done: 'members.created',
    failed: 'members.createFailed',
  },
  edit: {
    title: 'members.editTitle',
    description: 'members.editDescription',
    submit: 'members.save',
    done: 'members.updated',
    failed: 'members.updateFailed',
  },
} as const;

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
  const t = useT();
  const branches = useBranches();
  // Without branches the dialog is the spec's and sends no home branch (a body without it keeps it).
  const branchList = branches.data ?? [];
  const hasBranches = branchList.length > 0;
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
            birthday: editing.birthday ?? '',
            ...(hasBranches ? { homeBranchId: editing.homeBranchId ?? '' } : {}),
          }
        : { ...EMPTY, ...(hasBranches ? { homeBranchId: '' } : {}) },
    );
  }, [open, editing, form, hasBranches]);

  React.useEffect(() => {
    if (open && editing && !form.getFieldState('tierId').isDirty) form.setValue('tierId', pinnedTierId);
  }, [open, editing, pinnedTierId, form]);
  // The row does not carry the birthday; the detail does (month and day only, docs/design.md §10).
  const birthday = detail.data?.birthday ?? '';
  React.useEffect(() => {
    if (open && editing && !form.getFieldState('birthday').isDirty) form.setValue('birthday', birthday);
  }, [open, editing, birthday, form]);

  const save = async (body: UpdateMemberBody) => {
    if (editing) await update.mutateAsync({ id: editing.userId, body });
    else {
      const { status: _status, ...createBody } = body;
      await create.mutateAsync(createBody);
    }
  };
  const text = editing ? TEXT.edit : TEXT.add;

  const choices = [
    { value: '', label: t(MEMBERS_TEXT.automatic) },
    ...(tiers.data ?? [])
      .filter((tier) => tier.isActive !== false)
      .map((tier) => ({ value: tier.id, label: tier.name })),
  ];

  return (
    <FormDialog open={open} onClose={onClose} text={text} form={form} save={save} focus={false}>
      <PersonFields idPrefix="member" />
      <SelectField id="member-tier" name="tierId" label={t('members.membership')} choices={choices} />
      <TextField
        id="member-birthday"
        name="birthday"
        label={t('members.birthday')}
        placeholder={t('members.birthdayHint')}
      />
      {hasBranches && (
        <SelectField
          id="member-home-branch"
          name="homeBranchId"
          label={t('members.homeBranch')}
          choices={[
            { value: '', label: t('members.noHomeBranch') },
            ...branchList.map((branch) => ({ value: branch.id, label: branchName(branch) })),
          ]}
        />
      )}
      {editing && (
        <SelectField
          id="member-status"
          name="status"
          label={t('members.status')}
          choices={[
            { value: 'active', label: t('members.statusActive') }, // i18n-ignore: the API's value
            { value: 'inactive', label: t('members.statusInactive') }, // i18n-ignore: the API's value
          ]}
        />
      )}
    </FormDialog>
  );
}
