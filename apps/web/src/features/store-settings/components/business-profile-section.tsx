import { type BusinessProfile, LANGUAGE_NAMES, LANGUAGES } from '@loyalty/contracts';
import * as React from 'react';
import { DeferredSelect } from '@/components/deferred-select';
import { COUNTRIES } from '@/components/phone-input/countries';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { useBusinessProfile } from '@/lib/business-profile';
import { activeLocale, type MessageKey, t } from '@/lib/i18n/i18n';
import { timeZoneLabels } from '@/lib/i18n/time-zone-names';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useSaveBusinessProfile } from '../api/save-business-profile';

type Values = { country: string; timeZone: string; language: string };
type Choice = { value: string; label: string };

/**
 * Every IANA zone the browser knows, UTC first (Intl leaves UTC out of its list), named in the screen's language
 * (香港標準時間, not Asia/Hong_Kong) and in its alphabetical order.
 */
function timeZoneChoices(current: string): Choice[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(current);
  zones.delete('UTC');
  const labels = timeZoneLabels(['UTC', ...zones]);
  const named = [...zones].map((zone) => ({ value: zone, label: labels.get(zone) ?? zone }));
  named.sort((a, b) => a.label.localeCompare(b.label, activeLocale()));
  return [{ value: 'UTC', label: labels.get('UTC') ?? 'UTC' }, ...named];
}

/** The countries of the phone picker, named in the screen's language. */
function countryChoices(notSet: string): Choice[] {
  const names = new Intl.DisplayNames([activeLocale()], { type: 'region', fallback: 'code' });
  const countries = COUNTRIES.map((country) => ({
    value: country.code,
    label: names.of(country.code) ?? country.name,
  }));
  countries.sort((a, b) => a.label.localeCompare(b.label, activeLocale()));
  return [{ value: '', label: notSet }, ...countries];
}

/**
 * The business's country, time zone and default language, under the store's name and images: they describe
 * the business as the store settings do, and only admins and the owner change either.
 */
export function BusinessProfileSection({ canWrite }: { canWrite: boolean }) {
  const query = useBusinessProfile();
  const translate = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{translate('business.title')}</h2>
        </CardTitle>
        <CardDescription>{translate('business.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.data ? (
          <BusinessProfileForm key={JSON.stringify(query.data)} initial={query.data} canWrite={canWrite} />
        ) : (
          <p className="text-muted-foreground text-sm">
            {translate(query.isError ? 'business.loadFailed' : 'business.loading')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function BusinessProfileForm({ initial, canWrite }: { initial: BusinessProfile; canWrite: boolean }) {
  const translate = useT();
  // Only the fields this form shows: quiet hours are the Messages screen's, and the server keeps what is not sent.
  const [values, setValues] = React.useState<Values>({
    country: initial.country ?? '',
    timeZone: initial.timeZone,
    language: initial.language,
  });
  const save = useSaveBusinessProfile();
  const countries = React.useMemo(() => countryChoices(t('business.countryNotSet')), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the names follow the language (translate changes with it)
  const zones = React.useMemo(() => timeZoneChoices(initial.timeZone), [initial.timeZone, translate]);
  const languages = LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }));
  const changed =
    values.country !== (initial.country ?? '') ||
    values.timeZone !== initial.timeZone ||
    values.language !== initial.language;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      country: values.country || null,
      language: values.language as BusinessProfile['language'],
    };
    save.mutate(body, {
      onSuccess: () => toast({ title: t('business.saved') }),
      onError: (error) => {
        const first = error instanceof ApiError ? Object.values(error.fieldErrors)[0] : undefined;
        toast({
          variant: 'destructive',
          title: t('settings.error'),
          description: first ? translateText(first) : t('business.saveFailed'),
        });
      },
    });
  };

  const field = (key: keyof Values, label: MessageKey, options: Choice[]) => (
    <div className="grid gap-2">
      <Label htmlFor={`business-${key}`}>{translate(label)}</Label>
      <DeferredSelect
        id={`business-${key}`}
        // Radix Select keeps '' for "no value": the empty country is sent as a dash and read back as ''.
        value={values[key] || NONE}
        options={options.map((option) => ({ ...option, value: option.value || NONE }))}
        onValueChange={(value) => setValues((prev) => ({ ...prev, [key]: value === NONE ? '' : value }))}
        disabled={!canWrite || save.isPending}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        {field('country', 'business.country', countries)}
        {field('timeZone', 'business.timeZone', zones)}
        {field('language', 'business.language', languages)}
      </div>
      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" variant="outline" disabled={save.isPending || !changed}>
            {translate(save.isPending ? 'settings.saving' : 'business.save')}
          </Button>
        </div>
      )}
    </form>
  );
}

const NONE = '-';
