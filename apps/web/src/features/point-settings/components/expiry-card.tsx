import type { ExpiryType } from '@loyalty/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { clearedBy, type PointsFormValues } from '../point-settings-form';
import { Field } from './field';

type Form = UseFormReturn<PointsFormValues, unknown, unknown>;

const EXPIRY_CHOICES: { value: ExpiryType; label: string }[] = [
  { value: 'NEVER', label: 'Never' },
  { value: 'DAYS', label: 'After Days' },
  { value: 'DATE', label: 'On Specific Date' },
];

export function ExpiryCard({ form, disabled }: { form: Form; disabled: boolean }) {
  const { register, watch, setValue, clearErrors, formState } = form;
  const { errors } = formState;
  const type = watch('expiryType');
  const choose = (next: ExpiryType) => {
    setValue('expiryType', next, { shouldDirty: true });
    // Spec §4: NEVER clears both expiry fields, DAYS clears the date, DATE clears the days.
    for (const field of clearedBy(next)) {
      setValue(field, '', { shouldDirty: true });
      clearErrors(field);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Point Expiry</CardTitle>
        <CardDescription>When earned points stop being spendable</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">Expiry Type</legend>
          <div className="flex flex-wrap gap-2">
            {EXPIRY_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
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
                  onChange={() => choose(choice.value)}
                  className="accent-primary"
                />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'DAYS' && (
          <Field id="pointsExpiryDays" label="Expiry Days" error={errors.pointsExpiryDays?.message}>
            <Input
              id="pointsExpiryDays"
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              max="3650"
              placeholder="365"
              aria-invalid={!!errors.pointsExpiryDays}
              {...register('pointsExpiryDays')}
            />
          </Field>
        )}
        {type === 'DATE' && (
          <Field id="pointsExpiryDate" label="Expiry Date" error={errors.pointsExpiryDate?.message}>
            <Input
              id="pointsExpiryDate"
              type="datetime-local"
              aria-invalid={!!errors.pointsExpiryDate}
              {...register('pointsExpiryDate')}
            />
          </Field>
        )}
      </CardContent>
    </Card>
  );
}

export function AdditionalCard({ form, disabled }: { form: Form; disabled: boolean }) {
  const { register, watch, setValue, formState } = form;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Additional Settings</CardTitle>
        <CardDescription>Turn the points system on or off and describe it for your team</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-3">
          <div className="grid gap-1">
            <Label htmlFor="isActive">Points system active</Label>
            <p className="text-muted-foreground text-sm">When off, purchases earn no points.</p>
          </div>
          <Switch
            id="isActive"
            checked={watch('isActive')}
            disabled={disabled}
            onCheckedChange={(checked) => setValue('isActive', checked, { shouldDirty: true })}
          />
        </div>
        <Field id="description" label="Description" error={formState.errors.description?.message}>
          <Textarea
            id="description"
            rows={3}
            placeholder="Describe how members earn and redeem points"
            aria-invalid={!!formState.errors.description}
            {...register('description')}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
