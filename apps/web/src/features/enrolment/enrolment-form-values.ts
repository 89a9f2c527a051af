import { type EnrolmentSettings, type EnrolmentSettingsInput, enrolmentSettingsInputSchema } from '@loyalty/contracts';

/** What the form edits: numbers and the country list as typed, turned into the contract's body on save. */
export type EnrolmentFormValues = {
  enabled: boolean;
  slug: string;
  welcomePoints: string;
  requireEmail: boolean;
  termsUrl: string;
  countries: string;
};

export const toFormValues = (settings: EnrolmentSettings): EnrolmentFormValues => ({
  enabled: settings.enabled,
  slug: settings.slug,
  welcomePoints: String(settings.welcomePoints),
  requireEmail: settings.requireEmail,
  termsUrl: settings.termsUrl,
  countries: settings.allowedCountries.join(', '),
});

/** "hk, mo ,US" → ['HK', 'MO', 'US']: any separator of commas and spaces, upper case. */
const countryList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/** The body, or the contract's message per form field (the countries' messages land on the one text field). */
export function toBody(
  values: EnrolmentFormValues,
):
  | { body: EnrolmentSettingsInput; errors?: undefined }
  | { errors: Partial<Record<keyof EnrolmentFormValues, string>> } {
  const candidate = {
    enabled: values.enabled,
    slug: values.slug.trim(),
    welcomePoints: values.welcomePoints.trim() === '' ? Number.NaN : Number(values.welcomePoints),
    requireEmail: values.requireEmail,
    termsUrl: values.termsUrl.trim(),
    allowedCountries: countryList(values.countries),
  };
  const parsed = enrolmentSettingsInputSchema.safeParse(candidate);
  if (parsed.success) return { body: candidate };
  const errors: Partial<Record<keyof EnrolmentFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = formField(String(issue.path[0] ?? ''));
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** The form field a contract or server field (`allowedCountries.1`) belongs to. */
export function formField(field: string): keyof EnrolmentFormValues | undefined {
  const name = field.split('.')[0];
  if (name === 'allowedCountries') return 'countries';
  return name === 'slug' || name === 'welcomePoints' || name === 'termsUrl' ? name : undefined;
}
