import { REWARD_KINDS, type Reward, type RewardInput } from '@loyalty/contracts';
import * as React from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { ImageDropzone } from '@/components/image-dropzone';
import { ErrorMessages, errorMessages, FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useTierOptions } from '../api/get-tier-options';
import { useSaveReward } from '../api/save-reward';
import { KIND_LABELS } from '../rewards-labels';
import { EMPTY_REWARD, type RewardFormValues, rewardResolver, toFormValues, toPayload } from './reward-form-values';

const CREATE = {
  title: 'rewards.createTitle',
  description: 'rewards.formDescription',
  submit: 'rewards.create',
  done: 'rewards.created',
  failed: 'rewards.saveFailed',
} as const;
const EDIT = { ...CREATE, title: 'rewards.editTitle', submit: 'rewards.save', done: 'rewards.saved' } as const;

/** Add or edit a reward: names in three languages, what it gives, its price, who may have it, stock and dates. */
export function RewardFormDialog({ target, onClose }: { target: Reward | 'new' | null; onClose: () => void }) {
  const t = useT();
  const form = useForm<RewardFormValues>({ resolver: rewardResolver, mode: 'onTouched', defaultValues: EMPTY_REWARD });
  const save = useSaveReward();
  const tiers = useTierOptions();
  const [uploading, setUploading] = React.useState(false);
  const [session, setSession] = React.useState(0);
  const editing = target !== null && target !== 'new' ? target : null;
  React.useEffect(() => {
    if (target === null) return;
    setSession((n) => n + 1);
    form.reset(editing ? toFormValues(editing) : EMPTY_REWARD);
  }, [target, editing, form]);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const text = editing ? EDIT : CREATE;
  const submit = async (values: RewardFormValues) => {
    const body: RewardInput = toPayload(values);
    await save.mutateAsync({ id: editing?.id ?? null, body });
  };
  const field = (name: keyof RewardFormValues, label: Parameters<typeof t>[0], extra = {}) => (
    <TextField id={`reward-${name}`} name={name} label={t(label)} {...extra} />
  );
  return (
    <FormDialog open={target !== null} onClose={onClose} text={text} form={form} save={submit}>
      {/* The dialog is the one scroll container (components/ui/dialog.tsx caps it at the screen's height): a
          second, shorter one inside it scrolled on its own. Rows align their fields to the top, so one field's
          error grows its own cell and does not push the neighbour's input down. */}
      <div className="grid gap-4">
        {field('name', 'rewards.name', { autoComplete: 'off' })}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {field('nameZh', 'rewards.nameZh', { autoComplete: 'off', lang: 'zh-Hant' })}
          {field('nameCn', 'rewards.nameCn', { autoComplete: 'off', lang: 'zh-Hans' })}
        </div>
        {field('description', 'rewards.description', { multiline: true, rows: 2 })}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <SelectField
            id="reward-kind"
            name="kind"
            label={t('rewards.kind')}
            choices={REWARD_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
          />
          {kind !== 'FREE_ITEM' &&
            field('value', kind === 'AMOUNT_OFF' ? 'rewards.valueAmount' : 'rewards.valuePercent', {
              inputMode: 'decimal',
            })}
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          {field('pointsCost', 'rewards.pointsCost', { inputMode: 'numeric' })}
          {field('stock', 'rewards.stock', { inputMode: 'numeric', placeholder: t('rewards.unlimited') })}
          {field('perMemberLimit', 'rewards.perMemberLimit', {
            inputMode: 'numeric',
            placeholder: t('rewards.noLimit'),
          })}
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {field('validFrom', 'rewards.validFrom', { type: 'date' })}
          {field('validTo', 'rewards.validTo', { type: 'date' })}
        </div>
        <FormField
          name="tierIds"
          render={({ field: tierField, fieldState }) => {
            const chosen = tierField.value as string[];
            const toggle = (id: string, on: boolean) =>
              tierField.onChange(on ? [...chosen, id] : chosen.filter((v) => v !== id));
            return (
              <fieldset id="reward-tierIds" className="grid gap-2">
                <legend className="mb-1 font-medium text-sm">{t('rewards.tiers')}</legend>
                <p className="text-muted-foreground text-xs">{t('rewards.tiersHint')}</p>
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {(tiers.data ?? []).map((tier) => (
                    <label key={tier.id} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={chosen.includes(tier.id)}
                        onChange={(event) => toggle(tier.id, event.target.checked)}
                      />
                      {localizedName(tier.name, tier.nameZh, tier.nameCn)}
                    </label>
                  ))}
                </div>
                <ErrorMessages id="reward-tierIds-error" messages={errorMessages(fieldState.error)} />
              </fieldset>
            );
          }}
        />
        <Controller
          control={form.control}
          name="imageUrl"
          render={({ field: image }) => (
            <ImageDropzone
              id="reward-image"
              label={t('rewards.image')}
              url={image.value}
              resetKey={session}
              onUploadingChange={setUploading}
              onUploaded={image.onChange}
            />
          )}
        />
        <FormField
          name="active"
          render={({ field: active }) => (
            <div className="flex items-center gap-3">
              <Switch id="reward-active" checked={active.value as boolean} onCheckedChange={active.onChange} />
              <Label htmlFor="reward-active">{t('rewards.active')}</Label>
            </div>
          )}
        />
        {uploading && <p className="text-muted-foreground text-sm">{t('rewards.uploading')}</p>}
      </div>
    </FormDialog>
  );
}
