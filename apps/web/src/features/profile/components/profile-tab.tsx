import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Profile,
  profileEmailUpdateSchema,
  profileNamesUpdateSchema,
  profilePhoneUpdateSchema,
  REGISTRATION_MESSAGES,
} from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useAccountActions } from '../account-actions';
import { useUpdateProfile } from '../api/update-profile';
import { PROFILE_MESSAGES } from '../profile-messages';
import { changesOf, ProfileSaveError, type ProfileValues, saveProfile } from '../profile-save';
import { useIdentityConfirmation } from './confirm-identity-dialog';
import { ProfileFields } from './profile-fields';
import { usePhoneVerification } from './verify-phone-dialog';

interface ProfileTabProps {
  profile: Profile;
  hasPassword: boolean;
  /** Called after a save, so the dialog re-reads the signed-in account (its phone may have changed). */
  onSaved: () => void;
}

const toValues = (profile: Profile): ProfileValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  email: profile.email,
  phone: profile.phone,
});

/** The API's own field rules; an unchanged phone passes as is (an old record may predate them). */
function formSchema(baseline: ProfileValues) {
  return z.object({
    firstName: profileNamesUpdateSchema.shape.first_name,
    lastName: profileNamesUpdateSchema.shape.last_name,
    email: profileEmailUpdateSchema.shape.email,
    phone: z
      .string()
      .trim()
      .refine((phone) => phone === baseline.phone.trim() || profilePhoneUpdateSchema.safeParse({ phone }).success, {
        message: REGISTRATION_MESSAGES.phoneFormat,
      }),
  });
}

export function ProfileTab({ profile, hasPassword, onSaved }: ProfileTabProps) {
  const actions = useAccountActions();
  const identity = useIdentityConfirmation();
  const phone = usePhoneVerification();
  const update = useUpdateProfile();
  const baseline = React.useMemo(() => toValues(profile), [profile]);
  const form = useForm<ProfileValues>({ resolver: zodResolver(formSchema(baseline)), defaultValues: baseline });
  const [busy, setBusy] = React.useState(false);
  const t = useT();
  const changes = changesOf(baseline, form.watch());
  const changed = changes.names || changes.email || changes.phone;

  const onSubmit = form.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const outcome = await saveProfile(
        {
          hasPassword,
          confirmIdentity: identity.confirmIdentity,
          verifyPhone: phone.verifyPhone,
          put: update.mutateAsync,
          changeDisplayName: actions.changeDisplayName,
          changeEmail: actions.changeEmail,
          sendEmailVerification: actions.sendEmailVerification,
        },
        baseline,
        values,
      );
      if (outcome.status === 'cancelled') return;
      form.reset(outcome.profile ? toValues(outcome.profile) : values);
      toast(
        outcome.emailChanged
          ? {
              title: translate(PROFILE_MESSAGES.emailUpdated),
              description: translate(PROFILE_MESSAGES.verifyNewEmail, { email: values.email.trim() }),
            }
          : { title: translate(PROFILE_MESSAGES.saved) },
      );
    } catch (error) {
      console.error('Profile save failed', error instanceof ProfileSaveError ? error.cause : error); // i18n-ignore: a console line for developers, never shown
      const description = error instanceof ProfileSaveError ? error.message : translate(PROFILE_MESSAGES.other);
      toast({ variant: 'destructive', title: translate('profile.tabProfile'), description });
    } finally {
      setBusy(false);
      onSaved();
    }
  });

  // The dialogs stay outside the form: React bubbles their submit events through the portal.
  return (
    <>
      <Form {...form}>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          <ProfileFields />
          <div className="flex justify-end">
            <Button type="submit" disabled={!changed || busy}>
              {changes.phone ? t('profile.verifyAndSave') : t('profile.saveChanges')}
            </Button>
          </div>
        </form>
      </Form>
      {identity.dialog}
      {phone.dialog}
    </>
  );
}
