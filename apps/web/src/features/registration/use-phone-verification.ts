import * as React from 'react';
import { toast } from '@/components/ui/use-toast';
import { useResendCountdown } from '@/components/verification/use-resend-countdown';
import { CODE_LENGTH } from '@/components/verification/verification-constants';
import {
  mapVerificationError,
  VERIFICATION_MESSAGES,
  type VerificationFailure,
} from '@/components/verification/verification-errors';
import { currentAuthUser, linkPhoneWithCode } from '@/lib/auth-phone';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { sendVerificationCode } from './send-verification-code';

interface Options {
  /** The phone being verified (phoneToVerify); null on the "no phone stored" screen. */
  phone: string | null;
  recaptchaRef: React.RefObject<HTMLDivElement | null>;
  /** Called once Firebase has the phone; resolves true when activation went through. */
  activate: () => Promise<boolean>;
}

/** Sending, resending and confirming the SMS code of the verify screen (docs/spec/access-and-identity.md §4). */
export function usePhoneVerification({ phone, recaptchaRef, activate }: Options) {
  const countdown = useResendCountdown({ key: phone ?? 'no-phone' });
  const [verificationId, setVerificationId] = React.useState(() => readStorage(STORAGE_KEYS.phoneVerificationId));
  const [code, setCode] = React.useState('');
  const [sending, setSending] = React.useState(false);
  const [verifying, setVerifying] = React.useState(false);
  const [securityError, setSecurityError] = React.useState<MessageKey | null>(null);

  const fail = React.useCallback((failure: VerificationFailure, title: MessageKey = 'verify.failedTitle') => {
    if (failure.security) setSecurityError(failure.message);
    else toast({ variant: 'destructive', title: t(title), description: t(failure.message) });
  }, []);

  const { recordSend } = countdown;
  const send = React.useCallback(async () => {
    if (!phone) return false;
    setSending(true);
    const result = await sendVerificationCode(recaptchaRef.current, phone);
    setSending(false);
    if (!result.ok) {
      fail(result.failure, 'verify.errorTitle');
      return false;
    }
    setVerificationId(result.verificationId);
    recordSend();
    return true;
  }, [phone, recaptchaRef, fail, recordSend]);

  const verify = async (entered: string = code) => {
    if (verifying) return;
    if (entered.length !== CODE_LENGTH) {
      toast({
        variant: 'destructive',
        title: t('verify.failedTitle'),
        description: t(VERIFICATION_MESSAGES.codeLength),
      });
      return;
    }
    // Linked earlier but not activated (e.g. the network failed): only activation is left.
    const linked = Boolean(currentAuthUser()?.phoneNumber);
    if (!linked && !verificationId) {
      fail({ message: VERIFICATION_MESSAGES.verificationExpired, security: false });
      return;
    }
    setVerifying(true);
    try {
      if (!linked && verificationId) await linkPhoneWithCode(verificationId, entered);
    } catch (error) {
      console.error('Confirming the code failed', error); // i18n-ignore: a log for developers
      setCode('');
      fail(mapVerificationError(error));
      setVerifying(false);
      return;
    }
    const done = await activate();
    if (!done) setCode('');
    setVerifying(false);
  };

  return { countdown, verificationId, code, setCode, sending, verifying, send, verify, securityError };
}
