import { DeferredSelect } from '@/components/deferred-select';
import { TextField } from '@/components/form-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { ColorField } from './color-field';

function SwitchRow({ name, label }: { name: 'showPoints' | 'showLastUpdate'; label: string }) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem id={name} className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
          <FormLabel>{label}</FormLabel>
          <Switch id={name} checked={field.value} onCheckedChange={field.onChange} disabled={field.disabled} />
        </FormItem>
      )}
    />
  );
}

const CARD_STYLES = [
  { value: 'storeCard', label: 'Store Card' },
  { value: 'generic', label: 'Generic' },
] as const;

export function BasicSection({ disabled }: { disabled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Basic Configuration</CardTitle>
        <CardDescription>The kind of pass and the text across its top</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField
          name="style"
          render={({ field }) => (
            <FormItem id="style">
              <FormLabel>Card Style</FormLabel>
              <DeferredSelect
                id="style"
                className="w-full"
                value={field.value}
                options={CARD_STYLES}
                onValueChange={field.onChange}
                disabled={disabled}
              />
            </FormItem>
          )}
        />
        <TextField id="heroText" name="heroText" label="Hero Text" placeholder="Welcome to our rewards" />
        <div className="grid gap-3 sm:grid-cols-2">
          <SwitchRow name="showPoints" label="Show Points" />
          <SwitchRow name="showLastUpdate" label="Show Last Update" />
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

export function ColorsSection({ disabled }: { disabled: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Colors</CardTitle>
        <CardDescription>Background of the pass, its values and its labels</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        {COLORS.map((c) => (
          <FormField
            key={c.name}
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

export function LabelsSection() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Label Text</CardTitle>
        <CardDescription>The small captions above each value on the pass</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <TextField id="lblMemberName" name="lblMemberName" label="Member Name Label" />
        <TextField id="lblMembershipLvl" name="lblMembershipLvl" label="Membership Level Label" />
        <TextField id="lblLastUpdate" name="lblLastUpdate" label="Last Update Label" />
        <TextField id="lblPoints" name="lblPoints" label="Points Label" />
      </CardContent>
    </Card>
  );
}
