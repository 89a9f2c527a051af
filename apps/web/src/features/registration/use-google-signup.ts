import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useGoogleAccountChooser } from '@/components/google-account-chooser';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { type EmulatorGoogleAccount, useAuth } from '@/lib/auth-context';
import { t } from '@/lib/i18n/i18n';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { googleSignUpErrorToast, popupClosedError } from './registration-errors';
import { type RegistrationFormInput, type RegistrationFormValues, splitDisplayName } from './registration-schema';

type Form = UseFormReturn<RegistrationFormInput, unknown, RegistrationFormValues>;

/**
 * "Sign up with Google" (docs/spec/access-and-identity.md §2): signs in with Google (the in-app chooser with the emulator, docs/design.md §6),
 * then fills e-mail and names from the account and switches the form to authProvider 'google'.
 */
export function useGoogleSignUp(form: Form) {
  const auth = useAuth();
  const { chooseAccount, dialog } = useGoogleAccountChooser();
  const [busy, setBusy] = React.useState(false);
  const [connected, setConnected] = React.useState(false);

  const connect = async () => {
    let account: EmulatorGoogleAccount | undefined;
    if (auth.emulator) {
      const chosen = await chooseAccount();
      if (!chosen) {
        toast(googleSignUpErrorToast(popupClosedError()));
        return;
      }
      account = chosen;
    }
    setBusy(true);
    try {
      const user = await auth.signInWithGoogle(account);
      if (!user.email) {
        toast({ variant: 'destructive', title: t('google.errorTitle'), description: t('google.noEmail') });
        return;
      }
      const identity = await auth.checkMemberIdentity();
      if (identity.status === 'OK') {
        // Already a portal user: nothing to register; send them to sign in with this e-mail.
        await auth.logout();
        writeStorage(STORAGE_KEYS.prefillEmail, user.email);
        toast(googleSignUpErrorToast(new ApiError({ status: 409, message: 'Conflict' }))); // i18n-ignore: never shown
        return;
      }
      const { firstName, lastName } = splitDisplayName(user.displayName);
      const options = { shouldValidate: true, shouldDirty: true, shouldTouch: true } as const;
      form.setValue('authProvider', 'google');
      form.setValue('email', user.email, options);
      if (firstName) form.setValue('firstName', firstName, options);
      if (lastName) form.setValue('lastName', lastName, options);
      form.clearErrors(['password', 'confirmPassword']);
      setConnected(true);
    } catch (error) {
      toast(googleSignUpErrorToast(error));
    } finally {
      setBusy(false);
    }
  };

  return { connect, connected, busy, dialog };
}
