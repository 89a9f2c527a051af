import type { EnrolmentSettings } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { SectionCard } from '@/components/section-card';
import { SaveButton } from '@/components/settings-screen';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSaveEnrolment } from '../api/enrolment';
import { type EnrolmentFormValues, formField, toBody, toFormValues } from '../enrolment-form-values';

function SwitchRow({ name, label, hint }: { name: 'enabled' | 'requireEmail'; label: MessageKey; hint: MessageKey }) {
  const translate = useT();
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem
          id={`enrolment-${name}`}
          className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5"
        >
          <div className="grid gap-1">
            <FormLabel>{translate(label)}</FormLabel>
            <p className="text-muted-foreground text-sm">{translate(hint)}</p>
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} disabled={field.disabled} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/** The join page's settings: open or closed, link, welcome points, e-mail, terms and the allowed phone countries. */
export function EnrolmentForm({ initial, onSaved }: { initial: EnrolmentSettings; onSaved?: () => void }) {
  const form = useForm<EnrolmentFormValues>({ defaultValues: toFormValues(initial) });
  const save = useSaveEnrolment();
  const translate = useT();

  const submit = form.handleSubmit((values) => {
    const built = toBody(values);
    if (built.errors) {
      for (const [field, message] of Object.entries(built.errors)) {
        form.setError(field as keyof EnrolmentFormValues, { type: 'contract', message });
      }
      return;
    }
    save.mutate(built.body, {
      onSuccess: () => {
        toast({ title: t('enrolment.saved') });
        onSaved?.();
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            const target = formField(field);
            if (target) form.setError(target, { type: 'server', message }, { shouldFocus: true });
          }
        }
        toast({ variant: 'destructive', title: t('settings.error'), description: t('enrolment.saveFailed') });
      },
    });
  });

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit}>
        <SectionCard
          title={translate('enrolment.settingsTitle')}
          description={translate('enrolment.settingsDescription')}
          contentClassName="grid gap-4"
        >
          <SwitchRow name="enabled" label="enrolment.enabled" hint="enrolment.enabledHint" />
          <TextField
            id="enrolment-slug"
            name="slug"
            label={translate('enrolment.slug')}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={40}
          />
          <p className="-mt-2 text-muted-foreground text-xs">{translate('enrolment.slugHint')}</p>
          <TextField
            id="enrolment-welcomePoints"
            name="welcomePoints"
            label={translate('enrolment.welcomePoints')}
            inputMode="numeric"
          />
          <SwitchRow name="requireEmail" label="enrolment.requireEmail" hint="enrolment.requireEmailHint" />
          <TextField
            id="enrolment-termsUrl"
            name="termsUrl"
            label={translate('enrolment.termsUrl')}
            type="url"
            placeholder="https://" // i18n-ignore
          />
          <TextField
            id="enrolment-countries"
            name="countries"
            label={translate('enrolment.countries')}
            autoCapitalize="characters"
            spellCheck={false}
          />
          <p className="-mt-2 text-muted-foreground text-xs">{translate('enrolment.countriesHint')}</p>
          <div className="flex justify-end">
            <SaveButton pending={save.isPending} />
          </div>
        </SectionCard>
      </form>
    </Form>
  );
}
