import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import type { ResendCountdown } from './use-resend-countdown';

interface ResendControlProps {
  /** The state from useResendCountdown(). */
  countdown: ResendCountdown;
  /** Sends another code; call countdown.recordSend() once it went out. */
  onResend: () => void;
  /** E.g. while a code is being verified or sent. */
  disabled?: boolean;
}

/**
 * "Resend code in {n}s", then "Resend code"; at the limit a refused request raises the spec's toast and
 * the control reads "Too many resend attempts. Please try again later." (docs/spec/access-and-identity.md §2, §8).
 */
export function ResendControl({ countdown, onResend, disabled }: ResendControlProps) {
  const t = useT();
  if (countdown.showLimitMessage) {
    return (
      <p role="status" className="text-center text-destructive text-sm">
        {t('auth.resendLimit')}
      </p>
    );
  }
  if (countdown.secondsLeft > 0) {
    return (
      <p className="text-center text-muted-foreground text-sm" aria-live="polite">
        {t('auth.resendIn', { seconds: countdown.secondsLeft })}
      </p>
    );
  }
  const resend = () => {
    if (countdown.requestResend()) {
      onResend();
      return;
    }
    if (countdown.limitReached) {
      toast({
        variant: 'destructive',
        title: translate('auth.resendLimitTitle'),
        description: translate('auth.resendLimitText'),
      });
    }
  };
  return (
    <div className="text-center">
      <Button type="button" variant="link" size="sm" disabled={disabled} onClick={resend}>
        {t('auth.resend')}
      </Button>
    </div>
  );
}
