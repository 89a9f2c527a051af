import { CheckCircle2Icon } from 'lucide-react';
import { GoogleIcon } from '@/components/google-icon';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

interface GoogleSignUpProps {
  connected: boolean;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}

/** The divider "OR CONTINUE WITH" and the Google button (docs/spec/access-and-identity.md §2); hidden by the page in continue mode. */
export function GoogleSignUp({ connected, busy, disabled, onClick }: GoogleSignUpProps) {
  const t = useT();
  return (
    <div className="grid gap-4">
      <div className="relative text-center text-muted-foreground text-xs uppercase">
        <span className="relative z-10 bg-card px-2">{t('register.orContinueWith')}</span>
        <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden="true" />
      </div>
      <Button
        variant="outline"
        className="w-full"
        disabled={disabled || connected || busy}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        {connected ? <CheckCircle2Icon className="size-4 text-green-600" /> : <GoogleIcon className="size-4" />}
        {connected ? t('google.connected') : t('google.signUp')}
      </Button>
    </div>
  );
}
