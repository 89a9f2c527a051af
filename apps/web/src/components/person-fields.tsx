import type { MessageKey } from '@/lib/i18n/i18n';
import { nameFieldsInOrder } from '@/lib/i18n/name-order';
import { useT } from '@/lib/i18n/use-t';
import { TextField } from './form-fields';

/** The words of a person's rows (users and members dialogs), in one place: keys, translated where shown. */
const PERSON_TEXT = {
  firstName: 'person.firstName',
  lastName: 'person.lastName',
  email: 'person.email',
  phone: 'person.phone',
} as const satisfies Record<string, MessageKey>;

/** An example number in the international format the API wants (not a word: the same in every language). */
const PHONE_PLACEHOLDER = '+15551234567'; // i18n-ignore: a phone number, not a word

/** First and last name side by side, then e-mail and phone: ids `${idPrefix}-firstName` and so on. */
export function PersonFields({ idPrefix }: { idPrefix: string }) {
  const t = useT();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {nameFieldsInOrder(
          <TextField
            key="first"
            id={`${idPrefix}-firstName`}
            name="firstName"
            label={t(PERSON_TEXT.firstName)}
            autoComplete="off"
          />,
          <TextField
            key="last"
            id={`${idPrefix}-lastName`}
            name="lastName"
            label={t(PERSON_TEXT.lastName)}
            autoComplete="off"
          />,
        )}
      </div>
      <TextField id={`${idPrefix}-email`} name="email" label={t(PERSON_TEXT.email)} type="email" autoComplete="off" />
      <TextField
        id={`${idPrefix}-phone`}
        name="phone"
        label={t(PERSON_TEXT.phone)}
        type="tel"
        placeholder={PHONE_PLACEHOLDER}
        autoComplete="off"
      />
    </>
  );
}
