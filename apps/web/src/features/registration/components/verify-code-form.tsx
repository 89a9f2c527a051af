import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { PlainForm } from '@/components/plain-form';
import { Button } from '@/components/ui/button';
import { VerificationCodeInput } from '@/components/verification/code-input';
import { maskPhone } from '@/components/verification/mask-phone';
import { ResendControl } from '@/components/verification/resend-control';
import type { ResendCountdown } from '@/components/verification/use-resend-countdown';
import { CODE_LENGTH } from '@/components/verification/verification-constants';
import { useT } from '@/lib/i18n/use-t';

interface VerifyCodeFormProps {
  phone: string;
  code: string;
  onCodeChange: (code: string) => void;
  onVerify: (code: string) => void;
  verifying: boolean;
  sending: boolean;
  countdown: ResendCountdown;
  onResend: () => void;
  /** "Use Different Phone" and "Logout". */
  actions: React.ReactNode;
}

/** Main state of /register/verify: the masked phone, the 6-cell code, resend, and the ways out. */
export function VerifyCodeForm(props: VerifyCodeFormProps) {
  const { phone, code, onCodeChange, onVerify, verifying, sending, countdown, onResend, actions } = props;
  const t = useT();
  return (
    <PlainForm className="grid gap-6" onSubmit={() => onVerify(code)}>
      <p className="text-center text-muted-foreground text-sm">
        {t('verify.sentTo')}{' '}
        <span className="font-medium text-foreground tabular-nums" data-testid="masked-phone">
          {maskPhone(phone)}
        </span>
      </p>
      <VerificationCodeInput
        value={code}
        onChange={onCodeChange}
        onComplete={onVerify}
        disabled={verifying}
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={verifying || code.length !== CODE_LENGTH}>
        {verifying && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {verifying ? t('verify.verifying') : t('verify.verifyPhone')}
      </Button>
      {sending ? (
        <p role="status" className="text-center text-muted-foreground text-sm">
          {t('verify.sendingCode')}
        </p>
      ) : (
        <ResendControl countdown={countdown} onResend={onResend} disabled={verifying} />
      )}
      <div className="flex flex-wrap items-center justify-center gap-2 border-t pt-4">{actions}</div>
    </PlainForm>
  );
}
