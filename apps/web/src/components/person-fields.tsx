import { TextField } from './form-fields';

/** The words of a person's rows (users and members dialogs), in one place. */
export const PERSON_TEXT = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  phonePlaceholder: '+15551234567',
} as const;

/** First and last name side by side, then e-mail and phone: ids `${idPrefix}-firstName` and so on. */
export function PersonFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${idPrefix}-firstName`} name="firstName" label={PERSON_TEXT.firstName} autoComplete="off" />
        <TextField id={`${idPrefix}-lastName`} name="lastName" label={PERSON_TEXT.lastName} autoComplete="off" />
      </div>
      <TextField id={`${idPrefix}-email`} name="email" label={PERSON_TEXT.email} type="email" autoComplete="off" />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        label={PERSON_TEXT.phone}
        type="tel"
        placeholder={PERSON_TEXT.phonePlaceholder}
        autoComplete="off"
      />
    </>
  );
}
