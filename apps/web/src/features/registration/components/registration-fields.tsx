import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { PasswordField } from '@/components/password-field';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { FormField, FormItem, FormLabel } from '@/components/ui/form';
import { nameFieldsInOrder } from '@/lib/i18n/name-order';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import type { RegistrationFormInput, RegistrationFormValues } from '../registration-schema';
import { IndustrySelect } from './industry-select';

export type LockableField = 'businessName' | 'industry' | 'email' | 'firstName' | 'lastName';

interface RegistrationFieldsProps {
  form: UseFormReturn<RegistrationFormInput, unknown, RegistrationFormValues>;
  /** Fields shown read-only: Google fills e-mail and names; continue mode fixes all but the phone. */
  locked: ReadonlySet<LockableField>;
  showPasswords: boolean;
}

/** The registration rows (inside its Form); every field is required, so every label has its star. */
export function RegistrationFields({ form, locked, showPasswords }: RegistrationFieldsProps) {
  const t = useT();
  const row = (name: LockableField) => ({
    name,
    className: 'content-start',
    markRequired: true,
    readOnly: locked.has(name),
  });
  return (
    <>
      <TextField
        id="register-business-name"
        label={t('register.businessName')}
        autoComplete="organization"
        {...row('businessName')}
      />
      <IndustrySelect
        label={t('register.industry')}
        placeholder={t('register.industryPlaceholder')}
        disabled={locked.has('industry')}
      />
      <TextField id="register-email" label={t('register.email')} type="email" autoComplete="email" {...row('email')} />
      <div className="grid gap-4 sm:grid-cols-2">
        {nameFieldsInOrder(
          <TextField
            key="first"
            id="register-first-name"
            label={t('register.firstName')}
            autoComplete="given-name"
            {...row('firstName')}
          />,
          <TextField
            key="last"
            id="register-last-name"
            label={t('register.lastName')}
            autoComplete="family-name"
            {...row('lastName')}
          />,
        )}
      </div>
      <FormField
        name="phone"
        render={({ field, fieldState, formState }) => (
          <FormItem id="register-phone">
            <FormLabel required>{t('register.phone')}</FormLabel>
            <PhoneInput
              id="register-phone"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              required
              // An empty phone also fails the format; the first message ("required") says it best.
              error={fieldState.error?.message && translateText(fieldState.error.message)}
              showError={fieldState.isTouched || formState.isSubmitted}
            />
          </FormItem>
        )}
      />
      {showPasswords && (
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            id="register-password"
            name="password"
            label={t('register.password')}
            autoComplete="new-password"
            markRequired
            // The confirmation's "don't match" depends on this field too.
            afterChange={() => form.formState.touchedFields.confirmPassword && void form.trigger('confirmPassword')}
          />
          <PasswordField
            id="register-confirm-password"
            name="confirmPassword"
            label={t('register.confirmPassword')}
            autoComplete="new-password"
            markRequired
          />
        </div>
      )}
    </>
  );
}
