import type { PassSettings } from '@loyalty/contracts';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DeferredSelect } from '@/components/deferred-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ColorField } from './color-field';

type Form = UseFormReturn<PassSettings, unknown, unknown>;

function TextField({
  form,
  name,
  label,
  placeholder,
}: {
  form: Form;
  name: 'heroText' | 'lblMemberName' | 'lblMembershipLvl' | 'lblLastUpdate' | 'lblPoints';
  label: string;
  placeholder?: string;
}) {
  const error = form.formState.errors[name]?.message;
  return (
    <div className="grid gap-2">
      <Label htmlFor={name}>{label}</Label>
      <Input id={name} placeholder={placeholder} aria-invalid={!!error} {...form.register(name)} />
      {error && <p className="text-destructive text-sm">{error}</p>}
    </div>
  );
}

function SwitchRow({ form, name, label }: { form: Form; name: 'showPoints' | 'showLastUpdate'; label: string }) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
      <Label htmlFor={name}>{label}</Label>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch id={name} checked={field.value} onCheckedChange={field.onChange} disabled={field.disabled} />
        )}
      />
    </div>
  );
}

const CARD_STYLES = [
  { value: 'storeCard', label: 'Store Card' },
  { value: 'generic', label: 'Generic' },
] as const;

export function BasicSection({ form, disabled }: { form: Form; disabled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Basic Configuration</CardTitle>
        <CardDescription>The kind of pass and the text across its top</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor="style">Card Style</Label>
          <Controller
            control={form.control}
            name="style"
            render={({ field }) => (
              <DeferredSelect
                id="style"
                className="w-full"
                value={field.value}
                options={CARD_STYLES}
                onValueChange={field.onChange}
                disabled={disabled}
              />
            )}
          />
        </div>
        <TextField form={form} name="heroText" label="Hero Text" placeholder="Welcome to our rewards" />
        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchRow form={form} name="showPoints" label="Show Points" />
          <SwitchRow form={form} name="showLastUpdate" label="Show Last Update" />
        </div>
      </CardContent>
    </Card>
  );
}

const COLORS = [
  { name: 'backgroundColor', label: 'Background Color' },
  { name: 'foregroundColor', label: 'Foreground Color' },
  { name: 'labelColor', label: 'Label Color' },
] as const;

export function ColorsSection({ form, disabled }: { form: Form; disabled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Colors</CardTitle>
        <CardDescription>Background of the pass, its values and its labels</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        {COLORS.map((c) => (
          <Controller
            key={c.name}
            control={form.control}
            name={c.name}
            render={({ field, fieldState }) => (
              <ColorField
                id={c.name}
                label={c.label}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                disabled={disabled}
              />
            )}
          />
        ))}
      </CardContent>
    </Card>
  );
}

export function LabelsSection({ form }: { form: Form }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Label Text</CardTitle>
        <CardDescription>The small captions above each value on the pass</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="lblMemberName" label="Member Name Label" />
        <TextField form={form} name="lblMembershipLvl" label="Membership Level Label" />
        <TextField form={form} name="lblLastUpdate" label="Last Update Label" />
        <TextField form={form} name="lblPoints" label="Points Label" />
      </CardContent>
    </Card>
  );
}
