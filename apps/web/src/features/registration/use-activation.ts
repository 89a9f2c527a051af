import { PHONE_NOT_VERIFIED } from '@loyalty/contracts';
import * as React from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { REDIRECT_DELAY_MS } from '@/components/verification/verification-constants';
import { VERIFICATION_MESSAGES } from '@/components/verification/verification-errors';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { activateAccount } from './api/activate-account';
import { REGISTRATION_TOASTS, registrationFailed } from './registration-errors';
import { clearRegistrationData, markCameFromRegistration } from './registration-storage';
import { resolveTenantId } from './resolve-tenant';

/** What the "Activation failed" toast says: ours by code where we have one, else the server's (translated by its words). */
function activationFailure(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { code?: unknown } | undefined;
    if (error.status === 403 && body?.code === PHONE_NOT_VERIFIED) return t(VERIFICATION_MESSAGES.phoneNotVerified);
    return error.serverMessage ? translateText(error.serverMessage) : t(VERIFICATION_MESSAGES.verifyFailed);
  }
  return error instanceof Error && error.message ? error.message : t(VERIFICATION_MESSAGES.verifyFailed);
}

/**
 * docs/spec/access-and-identity.md §4 success path: activate the tenant (409 = already active), toast, clear the stored verification
 * data and go to / after 1 s. Resolves true once the redirect is scheduled.
 */
export function useActivation() {
  const navigate = useNavigate();
  const [succeeded, setSucceeded] = React.useState(false);

  const activate = React.useCallback(async (): Promise<boolean> => {
    const tenantId = await resolveTenantId();
    if (!tenantId) {
      toast(registrationFailed(REGISTRATION_TOASTS.missingData));
      // The registration form in continue mode can recreate what is missing.
      markCameFromRegistration();
      navigate('/register', { replace: true });
      return false;
    }
    try {
      await activateAccount(tenantId);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) {
        toast({ variant: 'destructive', title: t('verify.activationFailed'), description: activationFailure(error) });
        return false;
      }
    }
    toast({ title: t('register.successTitle'), description: t('register.successText') });
    clearRegistrationData();
    setSucceeded(true);
    setTimeout(() => navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return true;
  }, [navigate]);

  return { activate, succeeded };
}
