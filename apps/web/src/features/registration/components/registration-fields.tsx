import { Controller, type UseFormReturn } from 'react-hook-form';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { Label } from '@/components/ui/label';
import type { RegistrationFormInput, RegistrationFormValues } from '../registration-schema';
import { REQUIRED_LABEL } from './field-messages';
import { IndustrySelect } from './industry-select';
import { PasswordField } from './password-field';
import { TextField } from './text-field';

export type LockableField = 'businessName' | 'industry' | 'email' | 'firstName' | 'lastName';

interface RegistrationFieldsProps {
  form: UseFormReturn<RegistrationFormInput, unknown, RegistrationFormValues>;
  /** Fields shown read-only: Google fills e-mail and names; continue mode fixes all but the phone. */
  locked: ReadonlySet<LockableField>;
  showPasswords: boolean;
}

export function RegistrationFields({ form, locked, showPasswords }: RegistrationFieldsProps) {
  const { errors, isSubmitted } = form.formState;
  return (
    <>
      <TextField
        id="register-business-name"
        label="Business Name"
        autoComplete="organization"
        readOnly={locked.has('businessName')}
        error={errors.businessName}
        {...form.register('businessName')}
      />
      <Controller
        control={form.control}
        name="industry"
        render={({ field, fieldState }) => (
          <IndustrySelect
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error}
            disabled={locked.has('industry')}
          />
        )}
      />
      <TextField
        id="register-email"
        label="Email Address"
        type="email"
        autoComplete="email"
        readOnly={locked.has('email')}
        error={errors.email}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          label="First Name"
          autoComplete="given-name"
          readOnly={locked.has('firstName')}
          error={errors.firstName}
          {...form.register('firstName')}
        />
        <TextField
          id="register-last-name"
          label="Last Name"
          autoComplete="family-name"
          readOnly={locked.has('lastName')}
          error={errors.lastName}
          {...form.register('lastName')}
        />
      </div>
      <Controller
        control={form.control}
        name="phone"
        render={({ field, fieldState }) => (
          <div className="grid gap-2">
            <Label htmlFor="register-phone" className={REQUIRED_LABEL}>
              Contact Phone
            </Label>
            <PhoneInput
              id="register-phone"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              required
              // An empty phone also fails the format; the first message ("required") says it best.
              error={fieldState.error?.message}
              showError={fieldState.isTouched || isSubmitted}
            />
          </div>
        )}
      />
      {showPasswords && (
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            id="register-password"
            label="Password"
            autoComplete="new-password"
            error={errors.password}
            {...form.register('password', {
              // The confirmation's "don't match" depends on this field too.
              onChange: () => form.formState.touchedFields.confirmPassword && void form.trigger('confirmPassword'),
            })}
          />
          <PasswordField
            id="register-confirm-password"
            label="Confirm Password"
            autoComplete="new-password"
            error={errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        </div>
      )}
    </>
  );
}
