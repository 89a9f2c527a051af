import * as React from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { recordCodeSent } from '@/components/verification/resend-log';
import { REDIRECT_DELAY_MS } from '@/components/verification/verification-constants';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { createPasswordAccount, currentAuthUser } from '@/lib/auth-phone';
import { t } from '@/lib/i18n/i18n';
import { registerBusiness } from './api/register-business';
import { REGISTRATION_TOASTS, registrationErrorToast, registrationFailed } from './registration-errors';
import { type RegistrationFormInput, type RegistrationFormValues, toRegistrationBody } from './registration-schema';
import { clearRegistrationData, saveRegistration } from './registration-storage';
import { sendVerificationCode } from './send-verification-code';

const FORM_FIELDS = ['businessName', 'industry', 'email', 'firstName', 'lastName', 'phone'] as const;
type FormField = (typeof FORM_FIELDS)[number];
const isFormField = (field: string): field is FormField => (FORM_FIELDS as readonly string[]).includes(field);

const show = (input: ToastInput | null) => input && toast(input);

interface Options {
  form: UseFormReturn<RegistrationFormInput, unknown, RegistrationFormValues>;
  continueMode: boolean;
  recaptchaRef: React.RefObject<HTMLDivElement | null>;
}

/**
 * docs/spec/access-and-identity.md §4 registration: the Firebase account (password sign-up only), the register call, the stored
 * registration, then the first SMS code and the verify step (or the dashboard when already active).
 */
export function useRegistrationSubmit({ form, continueMode, recaptchaRef }: Options) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = React.useState(false);

  async function ensureAccount(values: RegistrationFormValues, email: string): Promise<boolean> {
    const current = currentAuthUser();
    if (continueMode || values.authProvider === 'google') {
      if (current) return true;
      show(registrationFailed(continueMode ? REGISTRATION_TOASTS.missingData : REGISTRATION_TOASTS.googleExpired));
      return false;
    }
    // A retry after a failed register call: the account made the first time is still signed in.
    if (current?.email?.toLowerCase() === email) return true;
    try {
      await createPasswordAccount(email, values.password);
      return true;
    } catch (error) {
      show(registrationErrorToast(error));
      return false;
    }
  }

  async function run(values: RegistrationFormValues) {
    const body = toRegistrationBody(values);
    if (!(await ensureAccount(values, body.email))) return;

    let result: Awaited<ReturnType<typeof registerBusiness>>;
    try {
      result = await registerBusiness(body);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (isFormField(field)) form.setError(field, { type: 'server', message }, { shouldFocus: true });
        }
      }
      show(registrationErrorToast(error));
      return;
    }
    saveRegistration(body, result);

    const identity = await auth.checkMemberIdentity();
    if (identity.status === 'OK') {
      toast({ title: t('register.successTitle'), description: t('register.successText') });
      clearRegistrationData();
      setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
      return;
    }

    // A phone already verified in Firebase needs no code: the verify step activates right away.
    if (!currentAuthUser()?.phoneNumber) {
      const sent = await sendVerificationCode(recaptchaRef.current, body.phone);
      if (sent.ok) recordCodeSent(body.phone);
      else {
        toast({
          variant: 'destructive',
          title: t('register.verifyUnavailableTitle'),
          description: t('register.verifyUnavailableText'),
        });
      }
    }
    const query = new URLSearchParams({ tenantId: result.tenantId, userId: result.userId });
    navigate(`/register/verify?${query}`, { replace: true });
  }

  const onSubmit = async (values: RegistrationFormValues) => {
    setBusy(true);
    try {
      await run(values);
    } catch (error) {
      show(registrationErrorToast(error));
    } finally {
      setBusy(false);
    }
  };

  // A submit the schema refused says so, even when the field at fault is one the user cannot see.
  const onInvalid = () => show(registrationFailed(REGISTRATION_TOASTS.checkForm));

  return { busy, onSubmit, onInvalid };
}
