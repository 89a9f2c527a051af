import type { ExpiryType } from '@loyalty/contracts';
import { useFormContext } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Labelled } from '@/components/labelled';
import { SectionCard } from '@/components/section-card';
import { Switch } from '@/components/ui/switch';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { clearedBy, type PointsFormValues } from '../point-settings-form';
import { POINTS_TEXT } from '../point-settings-text';

export function ExpiryCard({ disabled }: { disabled: boolean }) {
  const { watch, setValue, clearErrors } = useFormContext<PointsFormValues>();
  const { expiry } = POINTS_TEXT;
  const t = useT();
  const type = watch('expiryType');
  const choose = (next: ExpiryType) => {
    setValue('expiryType', next, { shouldDirty: true });
    // docs/spec/data-screens.md §4: NEVER clears both expiry fields, DAYS clears the date, DATE clears the days.
    for (const field of clearedBy(next)) {
      setValue(field, '', { shouldDirty: true });
      clearErrors(field);
    }
  };
  return (
    <SectionCard title={t(expiry.title)} description={t(expiry.description)} contentClassName="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t(expiry.type)}</legend>
        <div className="flex flex-wrap gap-2">
          {expiry.choices.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring',
                type === choice.value && 'border-primary bg-primary/5 font-medium',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="expiryType"
                value={choice.value}
                checked={type === choice.value}
                disabled={disabled}
                onChange={() => choose(choice.value as ExpiryType)}
                className="accent-primary"
              />
              {t(choice.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {type === 'DAYS' && <TextField id={expiry.days.name} {...expiry.days} label={t(expiry.days.label)} />}
      {type === 'DATE' && (
        <TextField id="pointsExpiryDate" name="pointsExpiryDate" label={t(expiry.date)} type="datetime-local" />
      )}
    </SectionCard>
  );
}

export function AdditionalCard({ disabled }: { disabled: boolean }) {
  const { watch, setValue } = useFormContext<PointsFormValues>();
  const { additional } = POINTS_TEXT;
  const t = useT();
  return (
    <SectionCard title={t(additional.title)} description={t(additional.description)} contentClassName="grid gap-4">
      <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-3">
        <Labelled id="isActive" label={t(additional.active)} className="gap-1">
          <p className="text-muted-foreground text-sm">{t(additional.activeHint)}</p>
        </Labelled>
        <Switch
          id="isActive"
          checked={watch('isActive')}
          disabled={disabled}
          onCheckedChange={(checked) => setValue('isActive', checked, { shouldDirty: true })}
        />
      </div>
      <TextField
        id="description"
        name="description"
        label={t(additional.descriptionLabel)}
        multiline
        rows={3}
        placeholder={t(additional.descriptionPlaceholder)}
      />
    </SectionCard>
  );
}
