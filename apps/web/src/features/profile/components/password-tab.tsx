import * as React from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField, UsernameHint } from '@/components/password-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { USER_NOT_AUTHENTICATED } from '@/lib/auth-account';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useAccountActions } from '../account-actions';
import { checkPasswordChange, type PasswordChange } from '../password-rules';
import { mapPasswordError, PASSWORD_MESSAGES, splitTitled } from '../profile-messages';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The tab's words, in one place (keys). */
const TEXT = {
  currentPassword: 'profile.currentPassword',
  newPassword: 'profile.newPassword',
  confirmPassword: 'profile.confirmPassword',
  submit: 'profile.changePassword',
  failed: 'profile.passwordChangeFailed',
} as const;

/** docs/spec/access-and-identity.md §5 "Password change": the rules first (said in a toast), then re-authentication, then the update. */
export function PasswordTab() {
  const actions = useAccountActions();
  const form = useForm<PasswordChange>({ defaultValues: EMPTY });
  const [busy, setBusy] = React.useState(false);
  const t = useT();

  const onSubmit = form.handleSubmit(async (values) => {
    const broken = checkPasswordChange(values);
    if (broken) {
      toast({ variant: 'destructive', ...splitTitled(translate(broken)) });
      return;
    }
    if (!actions.currentAccount()?.email) {
      toast({ variant: 'destructive', title: translate(TEXT.failed), description: USER_NOT_AUTHENTICATED });
      return;
    }
    setBusy(true);
    try {
      await actions.reauthenticate(values.currentPassword);
      await actions.changePassword(values.newPassword);
      form.reset(EMPTY);
      toast({ title: translate(PASSWORD_MESSAGES.changed) });
    } catch (error) {
      console.error('Password change failed', error); // i18n-ignore: a console line for developers, never shown
      toast({ variant: 'destructive', title: translate(TEXT.failed), description: mapPasswordError(error) });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Form {...form}>
      <form className="grid gap-4" noValidate onSubmit={onSubmit}>
        <UsernameHint email={actions.currentAccount()?.email} />
        <PasswordField
          id="profile-current-password"
          name="currentPassword"
          label={t(TEXT.currentPassword)}
          autoComplete="current-password"
        />
        <PasswordField
          id="profile-new-password"
          name="newPassword"
          label={t(TEXT.newPassword)}
          autoComplete="new-password"
        />
        <PasswordField
          id="profile-confirm-password"
          name="confirmPassword"
          label={t(TEXT.confirmPassword)}
          autoComplete="new-password"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {t(TEXT.submit)}
          </Button>
        </div>
      </form>
    </Form>
  );
}
