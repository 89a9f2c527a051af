import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
// Where the two links go in the agreement sentence: each language orders the sentence its own way.
const TERMS = '<terms>';
const PRIVACY = '<privacy>';

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
  const t = useT();
  if (continueMode) {
    return (
      <p className="text-center text-muted-foreground text-sm">
        {t('register.differentAccount')}{' '}
        <Button variant="link" className="h-auto p-0 font-medium" onClick={onSignIn}>
          {t('register.signIn')}
        </Button>
      </p>
    );
  }
  return (
    <div className="grid gap-3 text-center text-muted-foreground text-sm">
      <p>
        {t('register.haveAccount')}{' '}
        <Link to="/login" className={linkClass} onClick={onLoginLink}>
          {t('register.loginHere')}
        </Link>
      </p>
      <p className="text-xs">
        {t('register.agree', { terms: TERMS, privacy: PRIVACY })
          .split(/(<terms>|<privacy>)/)
          .map((part, index) =>
            part === TERMS || part === PRIVACY ? (
              <a
                // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's pieces are fixed in number and order.
                key={index}
                href={part === TERMS ? '/terms' : '/privacy'}
                target="_blank"
                rel="noreferrer"
                className={linkClass}
              >
                {part === TERMS ? t('register.terms') : t('register.privacy')}
              </a>
            ) : (
              part
            ),
          )}
      </p>
    </div>
  );
}
