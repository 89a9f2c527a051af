import { TextField } from '@/components/form-fields';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { FormDescription, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { PROFILE_MESSAGES } from '../profile-messages';

/** The Profile tab's words, in one place. */
const TEXT = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone Number',
  phoneHint: PROFILE_MESSAGES.phoneHint,
};

/** First Name, Last Name, Email and Phone Number of the Profile tab (inside its Form). */
export function ProfileFields() {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="profile-firstName" name="firstName" label={TEXT.firstName} autoComplete="given-name" />
        <TextField id="profile-lastName" name="lastName" label={TEXT.lastName} autoComplete="family-name" />
      </div>
      <TextField id="profile-email" name="email" label={TEXT.email} type="email" autoComplete="email" />
      <FormField
        name="phone"
        render={({ field, fieldState, formState }) => (
          <FormItem id="profile-phone">
            <FormLabel>{TEXT.phone}</FormLabel>
            {/* The phone input shows its own message (after a submit) and ties it to its field. */}
            <PhoneInput
              id="profile-phone"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              showError={formState.isSubmitted}
            />
            <FormDescription>{TEXT.phoneHint}</FormDescription>
          </FormItem>
        )}
      />
    </>
  );
}
