import { TextField } from '@/components/form-fields';

/** The user dialogs' password row: a masked input that password managers may fill with a new password. */
export function NewPasswordField({ id, name, label }: { id: string; name: string; label: string }) {
  return <TextField id={id} name={name} label={label} type="password" autoComplete="new-password" />;
}
