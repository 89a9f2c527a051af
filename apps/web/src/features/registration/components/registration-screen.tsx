import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { LOGOUT_REDIRECT_DELAY_MS } from '@/components/verification/verification-constants';
import { useAuth } from '@/lib/auth-context';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import {
  type RegistrationFormInput,
  type RegistrationFormValues,
  registrationFormSchema,
} from '../registration-schema';
import { clearRegistrationData } from '../registration-storage';
import { useGoogleSignUp } from '../use-google-signup';
import { useRegistrationSubmit } from '../use-registration-submit';
import { GoogleSignUp } from './google-signup';
import { type LockableField, RegistrationFields } from './registration-fields';
import { RegistrationFooter } from './registration-footer';
import { RecaptchaContainer, RegistrationLayout } from './registration-layout';

interface RegistrationScreenProps {
  continueMode: boolean;
  defaultValues: RegistrationFormInput;
}

/** The /register form in either mode (docs/spec/access-and-identity.md §2 "Registration screen"). */
export function RegistrationScreen({ continueMode, defaultValues }: RegistrationScreenProps) {
  const auth = useAuth();
  const navigate = useNavigate();
  const t = useT();
  const recaptchaRef = React.useRef<HTMLDivElement>(null);
  const form = useForm<RegistrationFormInput, unknown, RegistrationFormValues>({
    resolver: zodResolver(registrationFormSchema({ continueMode })),
    defaultValues,
    // docs/spec/access-and-identity.md §4: validate a field when it loses focus, then on every change from then on.
    mode: 'onTouched',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });
  const google = useGoogleSignUp(form);
  const { busy, onSubmit, onInvalid } = useRegistrationSubmit({ form, continueMode, recaptchaRef });
  const authProvider = form.watch('authProvider');

  const locked = React.useMemo(() => {
    const set = new Set<LockableField>();
    const fields: LockableField[] = ['businessName', 'industry', 'email', 'firstName', 'lastName'];
    // Continue mode fixes what was registered; a value that got lost stays editable so the user can recover.
    if (continueMode) for (const field of fields) if (defaultValues[field]) set.add(field);
    if (continueMode) set.add('email');
    if (google.connected) {
      set.add('email');
      const values = form.getValues();
      if (values.firstName) set.add('firstName');
      if (values.lastName) set.add('lastName');
    }
    return set;
  }, [continueMode, defaultValues, google.connected, form]);

  const signInInstead = async () => {
    try {
      clearRegistrationData();
      await auth.logout();
      setTimeout(() => navigate('/login', { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    } catch {
      toast({
        variant: 'destructive',
        title: translate('auth.logoutFailed'),
        description: translate('register.reloadAndRetry'),
      });
    }
  };

  let submitLabel = busy ? t('register.creatingAccount') : t('register.createAccount');
  if (continueMode) submitLabel = busy ? t('register.continuing') : t('register.continueToVerification');

  return (
    <RegistrationLayout
      withHeader
      className="max-w-2xl"
      title={continueMode ? t('register.continueTitle') : t('register.title')}
      description={continueMode ? t('register.continueText') : t('register.description')}
    >
      {/* noValidate: the schema's messages, shown in the page, replace the browser's bubbles. */}
      <Form {...form}>
        <form
          className="relative grid gap-4"
          noValidate
          onSubmit={form.handleSubmit(onSubmit, onInvalid)}
          aria-busy={busy}
        >
          <RegistrationFields
            form={form}
            locked={locked}
            showPasswords={!continueMode && authProvider === 'password'}
          />
          <Button type="submit" className="mt-2 w-full" disabled={busy || google.busy}>
            {busy && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            {submitLabel}
          </Button>
          {!continueMode && (
            <GoogleSignUp connected={google.connected} busy={google.busy} disabled={busy} onClick={google.connect} />
          )}
          <RegistrationFooter
            continueMode={continueMode}
            onLoginLink={() => writeStorage(STORAGE_KEYS.prefillEmail, form.getValues('email').trim())}
            onSignIn={signInInstead}
          />
          {busy && (
            <div
              role="status"
              className="absolute inset-0 z-10 flex items-center justify-center gap-2 rounded-md bg-background/80 font-medium text-sm"
            >
              <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
              {t('register.creatingYourAccount')}
            </div>
          )}
          <RecaptchaContainer ref={recaptchaRef} />
        </form>
      </Form>
      {google.dialog}
    </RegistrationLayout>
  );
}
