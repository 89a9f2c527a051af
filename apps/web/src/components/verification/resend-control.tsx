import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import type { ResendCountdown } from './use-resend-countdown';

export interface ResendControlProps {
  /** The state from useResendCountdown(). */
  countdown: ResendCountdown;
  /** Sends another code; call countdown.recordSend() once it went out. */
  onResend: () => void;
  /** E.g. while a code is being verified or sent. */
  disabled?: boolean;
}

/**
 * "Resend code in {n}s", then "Resend code"; at the limit a refused request raises the spec's toast and
 * the control reads "Too many resend attempts. Please try again later." (spec §2, §8).
 */
export function ResendControl({ countdown, onResend, disabled }: ResendControlProps) {
  if (countdown.showLimitMessage) {
    return (
      <p role="status" className="text-center text-destructive text-sm">
        Too many resend attempts. Please try again later.
      </p>
    );
  }
  if (countdown.secondsLeft > 0) {
    return (
      <p className="text-center text-muted-foreground text-sm" aria-live="polite">
        Resend code in {countdown.secondsLeft}s
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
        title: 'Resend limit reached',
        description: 'Please wait a few minutes before requesting another code.',
      });
    }
  };
  return (
    <div className="text-center">
      <Button type="button" variant="link" size="sm" disabled={disabled} onClick={resend}>
        Resend code
      </Button>
    </div>
  );
}
