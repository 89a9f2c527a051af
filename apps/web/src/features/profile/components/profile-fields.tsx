import { Controller, type UseFormReturn } from 'react-hook-form';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PROFILE_MESSAGES } from '../profile-messages';
import type { ProfileValues } from '../profile-save';

type Field = keyof ProfileValues;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-destructive text-sm">
      {message}
    </p>
  ) : null;
}

/** First Name, Last Name, Email and Phone Number of the Profile tab. */
export function ProfileFields({ form }: { form: UseFormReturn<ProfileValues> }) {
  const { errors } = form.formState;
  const input = (field: Field) => ({
    id: `profile-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `profile-${field}-error` : undefined,
    ...form.register(field),
  });

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="profile-firstName">First Name</Label>
          <Input autoComplete="given-name" {...input('firstName')} />
          <FieldError id="profile-firstName-error" message={errors.firstName?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="profile-lastName">Last Name</Label>
          <Input autoComplete="family-name" {...input('lastName')} />
          <FieldError id="profile-lastName-error" message={errors.lastName?.message} />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-email">Email</Label>
        <Input type="email" autoComplete="email" {...input('email')} />
        <FieldError id="profile-email-error" message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="profile-phone">Phone Number</Label>
        <Controller
          control={form.control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              id="profile-phone"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.phone?.message}
              showError={form.formState.isSubmitted}
            />
          )}
        />
        <p className="text-muted-foreground text-xs">{PROFILE_MESSAGES.phoneHint}</p>
      </div>
    </>
  );
}
