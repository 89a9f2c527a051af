import type { Branch, BranchInput } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSaveBranch } from '../api/save-branch';
import { type BranchFormValues, branchResolver, EMPTY_BRANCH, toFormValues, toPayload } from './branch-form-values';

const CREATE = {
  title: 'branches.createTitle',
  description: 'branches.formDescription',
  submit: 'branches.create',
  done: 'branches.created',
  failed: 'branches.saveFailed',
} as const;
const EDIT = { ...CREATE, title: 'branches.editTitle', submit: 'branches.save', done: 'branches.saved' } as const;

/** Add or edit a branch: names, addresses and lock-screen texts in three languages, phone, coordinates. */
export function BranchFormDialog({ target, onClose }: { target: Branch | 'new' | null; onClose: () => void }) {
  const t = useT();
  const form = useForm<BranchFormValues>({ resolver: branchResolver, mode: 'onTouched', defaultValues: EMPTY_BRANCH });
  const save = useSaveBranch();
  const editing = target !== null && target !== 'new' ? target : null;
  React.useEffect(() => {
    if (target === null) return;
    form.reset(editing ? toFormValues(editing) : EMPTY_BRANCH);
  }, [target, editing, form]);
  const submit = async (values: BranchFormValues) => {
    const body: BranchInput = toPayload(values);
    await save.mutateAsync({ id: editing?.id ?? null, body });
  };
  const field = (name: keyof BranchFormValues, label: MessageKey, extra: Record<string, unknown> = {}) => (
    <TextField id={`branch-${name}`} name={name} label={t(label)} autoComplete="off" {...extra} />
  );
  // Three columns, one per language: English (the name as typed), Traditional and Simplified Chinese. Each field
  // spans the row's three tracks (label, input, message) as a subgrid, so the inputs line up even where a longer
  // label wraps to two lines.
  const column = { className: 'sm:row-span-3 sm:grid-rows-subgrid' };
  const trio = (base: 'name' | 'address' | 'relevantText') => (
    <div className="grid gap-4 sm:grid-cols-3 sm:grid-rows-[auto_auto_auto] sm:gap-y-0">
      {field(base, `branches.${base}`, column)}
      {field(`${base}Zh`, `branches.${base}Zh`, { ...column, lang: 'zh-Hant' })}
      {field(`${base}Cn`, `branches.${base}Cn`, { ...column, lang: 'zh-Hans' })}
    </div>
  );
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      text={editing ? EDIT : CREATE}
      form={form}
      save={submit}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4">
        {trio('name')}
        {trio('address')}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {field('phone', 'branches.phone', { inputMode: 'tel', autoComplete: 'tel' })}
          {field('coordinates', 'branches.coordinates', { placeholder: '22.28, 114.15', inputMode: 'decimal' })}
        </div>
        <p className="text-muted-foreground text-xs">{t('branches.coordinatesHint')}</p>
        {trio('relevantText')}
        <p className="text-muted-foreground text-xs">{t('branches.relevantTextHint')}</p>
        <FormField
          name="active"
          render={({ field: active }) => (
            <div className="flex items-center gap-3">
              <Switch id="branch-active" checked={active.value as boolean} onCheckedChange={active.onChange} />
              <Label htmlFor="branch-active">{t('branches.active')}</Label>
            </div>
          )}
        />
      </div>
    </FormDialog>
  );
}
