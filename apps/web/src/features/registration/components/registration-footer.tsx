import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** Below the form: sign-in link (or "Sign in" that leaves continue mode) and the legal links. */
export function RegistrationFooter({
  continueMode,
  onLoginLink,
  onSignIn,
}: {
  continueMode: boolean;
  onLoginLink: () => void;
  onSignIn: () => void;
}) {
  if (continueMode) {
    return (
      <p className="text-center text-muted-foreground text-sm">
        Want to use a different account?{' '}
        <Button variant="link" className="h-auto p-0 font-medium" onClick={onSignIn}>
          Sign in
        </Button>
      </p>
    );
  }
  return (
    <div className="grid gap-3 text-center text-muted-foreground text-sm">
      <p>
        Already have an account?{' '}
        <Link to="/login" className={linkClass} onClick={onLoginLink}>
          Log in here
        </Link>
      </p>
      <p className="text-xs">
        By creating an account you agree to our{' '}
        <a href="/terms" target="_blank" rel="noreferrer" className={linkClass}>
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy" target="_blank" rel="noreferrer" className={linkClass}>
          Privacy Policy
        </a>
        .
      </p>
    </div>
  );
}
