import { TextField } from '@/components/form-fields';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { nameFieldsInOrder } from '@/lib/i18n/name-order';
import { useT } from '@/lib/i18n/use-t';
import { PROFILE_MESSAGES } from '../profile-messages';

/** The Profile tab's words, in one place (keys). */
const TEXT = {
  firstName: 'profile.firstName',
  lastName: 'profile.lastName',
  email: 'profile.email',
  phone: 'profile.phone',
  phoneHint: PROFILE_MESSAGES.phoneHint,
} as const;

/** First Name, Last Name, Email and Phone Number of the Profile tab (inside its Form). */
export function ProfileFields() {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {nameFieldsInOrder(
          <TextField
            key="first"
            id="profile-firstName"
            name="firstName"
            label={t(TEXT.firstName)}
            autoComplete="given-name"
          />,
          <TextField
            key="last"
            id="profile-lastName"
            name="lastName"
            label={t(TEXT.lastName)}
            autoComplete="family-name"
          />,
        )}
      </div>
      <TextField id="profile-email" name="email" label={t(TEXT.email)} type="email" autoComplete="email" />
      <FormField
        name="phone"
        render={({ field, fieldState, formState }) => (
          <FormItem id="profile-phone">
            <FormLabel>{t(TEXT.phone)}</FormLabel>
            {/* The phone input shows its own message (after a submit) and ties it to its field. */}
            <PhoneInput
              id="profile-phone"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              showError={formState.isSubmitted}
            />
            <FormDescription>{t(TEXT.phoneHint)}</FormDescription>
          </FormItem>
        )}
      />
    </>
  );
}
