import * as React from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { readResendLog } from '@/components/verification/resend-log';
import { SecurityErrorDialog } from '@/components/verification/security-error-dialog';
import { AUTO_SEND_DELAY_MS, LOGOUT_REDIRECT_DELAY_MS } from '@/components/verification/verification-constants';
import { VERIFICATION_MESSAGES } from '@/components/verification/verification-errors';
import { useAuth } from '@/lib/auth-context';
import { reloadAuthUser } from '@/lib/auth-phone';
import { homeFor } from '@/lib/home-route';
import { type MessageKey, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { fetchOwnPhone } from './api/get-own-phone';
import { RecaptchaContainer, RegistrationLayout, StatusLine } from './components/registration-layout';
import { VerifyCodeForm } from './components/verify-code-form';
import { VerifyPhoneEntry } from './components/verify-phone-entry';
import { cameFromRegistration, clearVerificationData, markCameFromRegistration } from './registration-storage';
import { sendVerificationCode } from './send-verification-code';
import { useActivation } from './use-activation';
import { usePhoneVerification } from './use-phone-verification';

type Stage = 'loading' | 'no-phone' | 'main';

/** /register/verify (docs/spec/access-and-identity.md §2 "Phone verification screen", §4). */
export function VerifyPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const t = useT();
  const [params] = useSearchParams();
  const recaptchaRef = React.useRef<HTMLDivElement>(null);
  const [stage, setStage] = React.useState<Stage>('loading');
  const [phone] = React.useState(() => readStorage(STORAGE_KEYS.phoneToVerify));
  const [entrySending, setEntrySending] = React.useState(false);
  // No phone of this session: the one on the account (a team user's, typed by whoever added them) is offered.
  const [accountPhone, setAccountPhone] = React.useState('');
  const [entrySecurity, setSecurityMessage] = React.useState<MessageKey | null>(null);
  const { activate, succeeded } = useActivation();
  const flow = usePhoneVerification({ phone, recaptchaRef, activate });
  const started = React.useRef(false);

  const { loading, user, initError, checkMemberIdentity } = auth;
  const { send } = flow;
  const { restartCountdown } = flow.countdown;
  React.useEffect(() => {
    if (loading || started.current) return;
    started.current = true;
    // The verify link may carry the ids (docs/spec/access-and-identity.md §3); later calls read them from storage.
    for (const key of [STORAGE_KEYS.tenantId, STORAGE_KEYS.userId] as const) {
      const value = params.get(key);
      if (value) writeStorage(key, value);
    }
    if (initError) return;
    if (!user) {
      navigate('/login', { replace: true });
      return;
    }
    void (async () => {
      const identity = await checkMemberIdentity();
      if (identity.status === 'OK') return navigate(homeFor(identity.role), { replace: true });
      if (identity.status === 'NOT_AUTHENTICATED') return navigate('/login', { replace: true });
      const fresh = await reloadAuthUser().catch(() => null);
      // Firebase already has a verified phone: nothing to send, activate at once.
      if (fresh?.phoneNumber && (await activate())) return;
      if (!phone) setAccountPhone(await fetchOwnPhone());
      setStage(phone ? 'main' : 'no-phone');
      if (!phone || fresh?.phoneNumber) return;
      if (!readStorage(STORAGE_KEYS.phoneVerificationId)) setTimeout(() => void send(), AUTO_SEND_DELAY_MS);
      // A code sent just before a reload still deserves its countdown.
      else if (readResendLog(phone).countdownFrom === null) restartCountdown();
    })();
  }, [loading, user, initError, checkMemberIdentity, params, navigate, activate, phone, send, restartCountdown]);

  const switchPhone = () => {
    markCameFromRegistration();
    navigate('/register');
  };

  const logout = async () => {
    try {
      clearVerificationData();
      await auth.logout();
      setTimeout(() => navigate('/login', { replace: true }), LOGOUT_REDIRECT_DELAY_MS);
    } catch {
      toast({ variant: 'destructive', title: translate('auth.logoutFailed'), description: translate('auth.tryAgain') });
    }
  };

  const sendToNewPhone = async (newPhone: string) => {
    if (auth.loading) {
      toast({
        variant: 'destructive',
        title: translate('verify.errorTitle'),
        description: translate(VERIFICATION_MESSAGES.authInitializing),
      });
      return;
    }
    setEntrySending(true);
    const result = await sendVerificationCode(recaptchaRef.current, newPhone);
    if (result.ok) {
      // Stored by sendVerificationCode; the page starts over with the new phone and id.
      window.location.reload();
      return;
    }
    setEntrySending(false);
    const { failure } = result;
    if (failure.security) setSecurityMessage(failure.message);
    else
      toast({ variant: 'destructive', title: translate('verify.errorTitle'), description: translate(failure.message) });
  };

  const logoutButton = (
    <Button variant="ghost" size="sm" onClick={logout}>
      {t('auth.logout')}
    </Button>
  );
  const differentPhoneButton = (
    <Button variant="ghost" size="sm" onClick={switchPhone}>
      {t('verify.differentPhone')}
    </Button>
  );
  const securityMessage = initError ? VERIFICATION_MESSAGES.authNotInitialized : (flow.securityError ?? entrySecurity);

  let content: React.ReactNode;
  let title = t('verify.title');
  let description: string | undefined;
  if (succeeded) content = <StatusLine>{t('verify.redirecting')}</StatusLine>;
  else if (stage === 'loading') content = <StatusLine>{t('verify.loading')}</StatusLine>;
  else if (stage === 'no-phone' || !phone) {
    title = t('verify.requiredTitle');
    description = t('verify.requiredText');
    content = (
      <VerifyPhoneEntry
        initialPhone={accountPhone}
        sending={entrySending}
        onSend={sendToNewPhone}
        actions={
          <>
            {cameFromRegistration() && differentPhoneButton}
            {logoutButton}
          </>
        }
      />
    );
  } else {
    content = (
      <VerifyCodeForm
        phone={phone}
        code={flow.code}
        onCodeChange={flow.setCode}
        onVerify={(code) => void flow.verify(code)}
        verifying={flow.verifying}
        sending={flow.sending}
        countdown={flow.countdown}
        onResend={() => void flow.send()}
        actions={
          <>
            {differentPhoneButton}
            {logoutButton}
          </>
        }
      />
    );
  }

  return (
    <RegistrationLayout title={title} description={description}>
      {content}
      <RecaptchaContainer ref={recaptchaRef} />
      <SecurityErrorDialog message={securityMessage}>
        {!initError && (
          <Button variant="outline" onClick={cameFromRegistration() ? switchPhone : logout}>
            {cameFromRegistration() ? t('verify.differentPhone') : t('auth.logout')}
          </Button>
        )}
      </SecurityErrorDialog>
    </RegistrationLayout>
  );
}
