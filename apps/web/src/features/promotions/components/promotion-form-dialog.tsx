import { PROMOTION_KINDS, type Promotion, WEEKDAYS } from '@loyalty/contracts';
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { SelectField, TextField } from '@/components/form-fields';
import { ErrorMessages, errorMessages, FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { branchName, useBranches } from '@/lib/branches';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useTierOptions } from '../api/get-tier-options';
import { useSavePromotion } from '../api/save-promotion';
import { DAY_LABELS, KIND_LABELS } from '../promotions-labels';
import {
  EMPTY_PROMOTION,
  type PromotionFormValues,
  promotionResolver,
  toFormValues,
  toPayload,
  validPayload,
} from './promotion-form-values';
import { SimulationPanel } from './simulation-panel';

const CREATE = {
  title: 'promotions.createTitle',
  description: 'promotions.formDescription',
  submit: 'promotions.create',
  done: 'promotions.created',
  failed: 'promotions.saveFailed',
} as const;
const EDIT = { ...CREATE, title: 'promotions.editTitle', submit: 'promotions.save', done: 'promotions.saved' } as const;

/** A waiting time before the simulation is asked again, so typing a figure asks once. */
const SETTLE_MS = 400;

function useSettled<T>(value: T): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** A list of checkboxes for one array field, with its error at the field. */
function ChoiceField({
  name,
  legend,
  hint,
  choices,
}: {
  name: 'days' | 'tierIds' | 'branchIds';
  legend: string;
  hint?: string;
  choices: { value: string; label: string }[];
}) {
  return (
    <FormField
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as string[];
        const toggle = (value: string, on: boolean) =>
          field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        return (
          <fieldset id={`promotion-${name}`} className="grid gap-2" aria-invalid={fieldState.error ? true : undefined}>
            <legend className="mb-1 font-medium text-sm">{legend}</legend>
            {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {choices.map((choice) => (
                <label key={choice.value} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={chosen.includes(choice.value)}
                    onChange={(event) => toggle(choice.value, event.target.checked)}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            <ErrorMessages id={`promotion-${name}-error`} messages={errorMessages(fieldState.error)} />
          </fieldset>
        );
      }}
    />
  );
}

/**
 * Add or edit a promotion (docs/design.md §10): names in three languages, a multiplier or a bonus, the minimum
 * spend, days, hours and dates in the business's time zone, tiers, branches, a limit per member; what it would have cost
 * over the last 90 days shows below, before Save.
 */
export function PromotionFormDialog({ target, onClose }: { target: Promotion | 'new' | null; onClose: () => void }) {
  const t = useT();
  const form = useForm<PromotionFormValues>({
    resolver: promotionResolver,
    mode: 'onTouched',
    defaultValues: EMPTY_PROMOTION,
  });
  const save = useSavePromotion();
  const tiers = useTierOptions();
  const branches = useBranches();
  const branchList = branches.data ?? [];
  const editing = target !== null && target !== 'new' ? target : null;
  React.useEffect(() => {
    if (target === null) return;
    form.reset(editing ? toFormValues(editing) : EMPTY_PROMOTION);
  }, [target, editing, form]);
  const values = useWatch({ control: form.control }) as PromotionFormValues;
  const kind = values.kind;
  const draftText = JSON.stringify(target === null ? null : validPayload({ ...EMPTY_PROMOTION, ...values }));
  const settled = useSettled(draftText);
  const text = editing ? EDIT : CREATE;
  const field = (name: keyof PromotionFormValues, label: Parameters<typeof t>[0], extra = {}) => (
    <TextField id={`promotion-${name}`} name={name} label={t(label)} {...extra} />
  );
  return (
    <FormDialog
      open={target !== null}
      onClose={onClose}
      text={text}
      form={form}
      save={async (v) => {
        await save.mutateAsync({ id: editing?.id ?? null, body: toPayload(v) });
      }}
    >
      <div className="grid gap-4">
        {field('name', 'promotions.name', { autoComplete: 'off' })}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {field('nameZh', 'promotions.nameZh', { autoComplete: 'off', lang: 'zh-Hant' })}
          {field('nameCn', 'promotions.nameCn', { autoComplete: 'off', lang: 'zh-Hans' })}
        </div>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <SelectField
            id="promotion-kind"
            name="kind"
            label={t('promotions.kind')}
            choices={PROMOTION_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
          />
          {kind === 'BONUS'
            ? field('bonusPoints', 'promotions.bonusPoints', { inputMode: 'numeric' })
            : field('factor', 'promotions.factor', { inputMode: 'decimal' })}
          {field('minAmount', 'promotions.minAmount', { inputMode: 'decimal', placeholder: t('promotions.anyAmount') })}
        </div>
        <ChoiceField
          name="days"
          legend={t('promotions.days')}
          hint={t('promotions.daysHint')}
          choices={WEEKDAYS.map((value) => ({ value, label: t(DAY_LABELS[value]) }))}
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {field('fromTime', 'promotions.fromTime', { type: 'time' })}
          {field('toTime', 'promotions.toTime', { type: 'time' })}
        </div>
        <p className="-mt-2 text-muted-foreground text-xs">{t('promotions.hoursHint')}</p>
        <div className="grid items-start gap-4 sm:grid-cols-3">
          {field('validFrom', 'promotions.validFrom', { type: 'date' })}
          {field('validTo', 'promotions.validTo', { type: 'date' })}
          {field('perMemberLimit', 'promotions.perMemberLimit', {
            inputMode: 'numeric',
            placeholder: t('promotions.noLimit'),
          })}
        </div>
        <ChoiceField
          name="tierIds"
          legend={t('promotions.tiers')}
          hint={t('promotions.tiersHint')}
          choices={(tiers.data ?? []).map((tier) => ({
            value: tier.id,
            label: localizedName(tier.name, tier.nameZh, tier.nameCn),
          }))}
        />
        {/* "Triple points at the Central branch": only for a business with branches. */}
        {branchList.length > 0 && (
          <ChoiceField
            name="branchIds"
            legend={t('promotions.branches')}
            hint={t('promotions.branchesHint')}
            choices={branchList.map((b) => ({
              value: b.id,
              label: b.active ? branchName(b) : `${branchName(b)} (${t('branches.off')})`,
            }))}
          />
        )}
        <FormField
          name="active"
          render={({ field: active }) => (
            <div className="flex items-center gap-3">
              <Switch id="promotion-active" checked={active.value as boolean} onCheckedChange={active.onChange} />
              <Label htmlFor="promotion-active">{t('promotions.active')}</Label>
            </div>
          )}
        />
        <SimulationPanel draft={JSON.parse(settled)} promotionId={editing?.id ?? null} />
      </div>
    </FormDialog>
  );
}
