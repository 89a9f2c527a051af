import { INDUSTRIES, type RegistrationBody } from '@loyalty/contracts';
import * as React from 'react';
import { useNavigate } from 'react-router';
import { type AuthUser, useAuth } from '@/lib/auth-context';
import { useT } from '@/lib/i18n/use-t';
import { RegistrationLayout, StatusLine } from './components/registration-layout';
import { RegistrationScreen } from './components/registration-screen';
import { emptyRegistrationForm, type RegistrationFormInput, splitDisplayName } from './registration-schema';
import { cameFromRegistration, isMidRegistration, readRegistration } from './registration-storage';

type Mode = 'new' | 'continue';

const isIndustry = (value: string | null): value is RegistrationBody['industry'] =>
  (INDUSTRIES as readonly string[]).includes(value ?? '');

/** Continue mode starts from what registration stored, else from the signed-in account. */
function continueDefaults(user: AuthUser): RegistrationFormInput {
  const stored = readRegistration();
  const fromAccount = splitDisplayName(user.displayName);
  return {
    ...emptyRegistrationForm,
    businessName: stored.businessName ?? '',
    industry: isIndustry(stored.industry) ? stored.industry : emptyRegistrationForm.industry,
    email: stored.email ?? user.email ?? '',
    firstName: stored.firstName ?? fromAccount.firstName,
    lastName: stored.lastName ?? fromAccount.lastName,
    phone: stored.phone ?? user.phoneNumber ?? '',
    authProvider: user.providerIds.includes('password') ? 'password' : 'google',
  };
}

/**
 * /register. Decided once, when the session is known: a signed-in visitor who is neither mid-registration
 * nor back from the verify step goes to /; one who is gets continue mode; everyone else a blank form.
 */
export function RegisterPage() {
  const { loading, user } = useAuth();
  const t = useT();
  const navigate = useNavigate();
  const [mode, setMode] = React.useState<Mode | null>(null);
  const [defaults, setDefaults] = React.useState<RegistrationFormInput>(emptyRegistrationForm);

  React.useEffect(() => {
    if (loading || mode !== null) return;
    const returning = cameFromRegistration() || isMidRegistration();
    if (user && !returning) {
      navigate('/', { replace: true });
      return;
    }
    if (user) setDefaults(continueDefaults(user));
    setMode(user ? 'continue' : 'new');
  }, [loading, user, mode, navigate]);

  if (mode === null) {
    return (
      <RegistrationLayout withHeader title={t('register.title')}>
        <StatusLine>{loading ? t('auth.initializing') : t('auth.redirecting')}</StatusLine>
      </RegistrationLayout>
    );
  }
  return <RegistrationScreen continueMode={mode === 'continue'} defaultValues={defaults} />;
}
