import * as React from 'react';
import { PlainForm } from '@/components/plain-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VerificationCodeInput } from '@/components/verification/code-input';
import { maskPhone } from '@/components/verification/mask-phone';
import { ResendControl } from '@/components/verification/resend-control';
import { SecurityErrorDialog } from '@/components/verification/security-error-dialog';
import { useResendCountdown } from '@/components/verification/use-resend-countdown';
import { CODE_LENGTH, PROFILE_AUTO_SEND_DELAY_MS } from '@/components/verification/verification-constants';
import {
  mapRecaptchaSetupError,
  mapVerificationError,
  VERIFICATION_MESSAGES,
} from '@/components/verification/verification-errors';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { type PhoneCodeSender, useAccountActions } from '../account-actions';

interface VerifyPhoneBodyProps {
  phone: string;
  onVerified: () => void;
  onSecurityError: (message: string) => void;
  onBusyChange: (busy: boolean) => void;
}

/** Mounted only while the dialog is open: each opening starts clean and sends one code by itself. */
function VerifyPhoneBody({ phone, onVerified, onSecurityError, onBusyChange }: VerifyPhoneBodyProps) {
  const actions = useAccountActions();
  const countdown = useResendCountdown({ key: `profile-phone:${phone}` });
  const container = React.useRef<HTMLDivElement>(null);
  const sender = React.useRef<PhoneCodeSender | null>(null);
  const [verificationId, setVerificationId] = React.useState<string | null>(null);
  const [code, setCode] = React.useState('');
  const [status, setStatus] = React.useState<'idle' | 'sending' | 'verifying'>('idle');
  // A catalogue key, translated where shown (the language may change while the dialog is open).
  const [error, setError] = React.useState<MessageKey | null>(null);
  const t = useT();

  React.useEffect(() => onBusyChange(status === 'verifying'), [status, onBusyChange]);

  const send = async () => {
    if (!container.current) return;
    setStatus('sending');
    setError(null);
    try {
      sender.current ??= actions.createPhoneCodeSender(container.current);
    } catch (failure) {
      setStatus('idle');
      onSecurityError(mapRecaptchaSetupError(failure).message);
      return;
    }
    try {
      setVerificationId(await sender.current.send(phone));
      countdown.recordSend();
    } catch (failure) {
      console.error('Sending the verification code failed', failure); // i18n-ignore: a console line for developers, never shown
      const mapped = mapVerificationError(failure, VERIFICATION_MESSAGES.sendFailed);
      if (mapped.security) onSecurityError(mapped.message);
      else setError(mapped.message);
    } finally {
      setStatus('idle');
    }
  };
  const sendRef = React.useRef(send);
  sendRef.current = send;

  // docs/spec/access-and-identity.md §4, §9: the code goes out by itself about a second after opening, once; the captcha is
  // discarded when the dialog closes.
  React.useEffect(() => {
    const timer = setTimeout(() => void sendRef.current(), PROFILE_AUTO_SEND_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  React.useEffect(() => () => sender.current?.clear(), []);

  const verify = async (value: string) => {
    if (status !== 'idle') return;
    if (value.length !== CODE_LENGTH) return setError(VERIFICATION_MESSAGES.codeLength);
    if (!verificationId) return setError(VERIFICATION_MESSAGES.verificationExpired);
    setStatus('verifying');
    setError(null);
    try {
      await actions.confirmPhoneCode(verificationId, value);
      onVerified();
    } catch (failure) {
      console.error('Phone verification failed', failure); // i18n-ignore: a console line for developers, never shown
      setError(mapVerificationError(failure).message);
      setCode('');
      setStatus('idle');
    }
  };

  return (
    <PlainForm className="grid gap-4" onSubmit={() => void verify(code)}>
      <DialogDescription className="text-center">
        {verificationId ? t('profile.codeSentTo') : t('profile.codeSendingTo')}{' '}
        <span className="font-medium text-foreground">{maskPhone(phone)}</span>
      </DialogDescription>
      <VerificationCodeInput
        value={code}
        onChange={setCode}
        onComplete={(full) => void verify(full)}
        disabled={status === 'verifying'}
        invalid={error !== null}
        autoFocus
      />
      {error && (
        <p role="alert" className="text-center text-destructive text-sm">
          {t(error)}
        </p>
      )}
      <Button type="submit" disabled={code.length !== CODE_LENGTH || !verificationId || status !== 'idle'}>
        {status === 'verifying' ? t('profile.verifying') : t('profile.verifyPhone')}
      </Button>
      <ResendControl countdown={countdown} onResend={() => void send()} disabled={status !== 'idle'} />
      {/* The invisible captcha renders here, out of the layout's flow. */}
      <div ref={container} className="absolute" />
    </PlainForm>
  );
}

/**
 * Lets the profile save `await verifyPhone(phone)`: resolves true once Firebase holds the new
 * number, false when the dialog was closed before that.
 */
export function usePhoneVerification() {
  const [request, setRequest] = React.useState<{ phone: string; done: (ok: boolean) => void } | null>(null);
  const [securityError, setSecurityError] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const t = useT();

  const verifyPhone = React.useCallback(
    (phone: string) => new Promise<boolean>((done) => setRequest({ phone, done })),
    [],
  );
  const finish = (ok: boolean) => {
    request?.done(ok);
    setRequest(null);
  };

  const dialog = (
    <>
      <Dialog open={request !== null} onOpenChange={(open) => !open && !busy && finish(false)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle className="text-center">{t('profile.verifyPhoneTitle')}</DialogTitle>
          </DialogHeader>
          {request && (
            <VerifyPhoneBody
              phone={request.phone}
              onVerified={() => finish(true)}
              onSecurityError={(message) => {
                setSecurityError(message);
                finish(false);
              }}
              onBusyChange={setBusy}
            />
          )}
        </DialogContent>
      </Dialog>
      <SecurityErrorDialog message={securityError} onClose={() => setSecurityError(null)} />
    </>
  );
  return { verifyPhone, dialog };
}
