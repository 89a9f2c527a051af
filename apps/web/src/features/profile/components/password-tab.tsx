import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { USER_NOT_AUTHENTICATED } from '@/lib/auth-account';
import { useAccountActions } from '../account-actions';
import { checkPasswordChange, type PasswordChange } from '../password-rules';
import { mapPasswordError, PASSWORD_MESSAGES, splitTitled } from '../profile-messages';
import { PasswordField, UsernameHint } from './password-field';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §5 "Password change": the rules first, then re-authentication, then the update. */
export function PasswordTab() {
  const actions = useAccountActions();
  const [values, setValues] = React.useState<PasswordChange>(EMPTY);
  const [busy, setBusy] = React.useState(false);
  const set = (field: keyof PasswordChange) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const broken = checkPasswordChange(values);
    if (broken) {
      toast({ variant: 'destructive', ...splitTitled(broken) });
      return;
    }
    if (!actions.currentAccount()?.email) {
      toast({ variant: 'destructive', title: 'Password change failed', description: USER_NOT_AUTHENTICATED });
      return;
    }
    setBusy(true);
    try {
      await actions.reauthenticate(values.currentPassword);
      await actions.changePassword(values.newPassword);
      setValues(EMPTY);
      toast({ title: PASSWORD_MESSAGES.changed });
    } catch (error) {
      console.error('Password change failed', error);
      toast({ variant: 'destructive', title: 'Password change failed', description: mapPasswordError(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit}>
      <UsernameHint email={actions.currentAccount()?.email} />
      <PasswordField
        id="profile-current-password"
        label="Current Password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={set('currentPassword')}
      />
      <PasswordField
        id="profile-new-password"
        label="New Password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={set('newPassword')}
      />
      <PasswordField
        id="profile-confirm-password"
        label="Confirm New Password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          Change Password
        </Button>
      </div>
    </form>
  );
}
