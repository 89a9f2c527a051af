import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router';
import { useGoogleAccountChooser } from '@/components/google-account-chooser';
import { LanguageSelect } from '@/components/language-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { type EmulatorGoogleAccount, useAuth } from '@/lib/auth-context';
import { homeFor } from '@/lib/home-route';
import { type MessageKey, t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { LOGIN_MESSAGES, mapGoogleSignInError, mapLoginError, NO_SESSION } from './login-errors';
import { LoginForm, type LoginValues } from './login-form';

type Busy = 'password' | 'google' | null;

export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { chooseAccount, dialog } = useGoogleAccountChooser();
  const [busy, setBusy] = React.useState<Busy>(null);
  const [error, setError] = React.useState<MessageKey | null>(null);
  const t = useT();
  const [redirecting, setRedirecting] = React.useState(false);
  // Once the user tries to sign in here, this page decides where to go; the "already signed in"
  // redirect below must not race it (e.g. to / while the identity says verification is pending).
  const attempted = React.useRef(false);
  const [defaultEmail] = React.useState(() => readStorage(STORAGE_KEYS.prefillEmail) ?? '');

  const { loading, user } = auth;
  React.useEffect(() => {
    if (!loading && user && !attempted.current) {
      setRedirecting(true);
      navigate('/', { replace: true });
    }
  }, [loading, user, navigate]);

  async function routeByIdentity() {
    const identity = await auth.checkMemberIdentity();
    if (identity.status === 'OK' || identity.status === 'PENDING') {
      setRedirecting(true);
      navigate(identity.status === 'OK' ? homeFor(identity.role) : '/register/verify', { replace: true });
      return;
    }
    const message = identity.status === 'UNKNOWN' ? identity.message : '';
    toast({
      variant: 'destructive',
      title: translate('login.toastTitle'),
      description: message || translate('login.identityFailed'),
    });
  }

  async function signIn(
    kind: Exclude<Busy, null>,
    run: () => Promise<unknown>,
    mapError: (e: unknown) => MessageKey | null,
  ) {
    attempted.current = true;
    setError(null);
    setBusy(kind);
    // Ids stored by an earlier session would send the wrong X-Tenant-Id with the identity check.
    removeStorage(STORAGE_KEYS.tenantId);
    removeStorage(STORAGE_KEYS.userId);
    try {
      await run();
    } catch (caught) {
      setError(mapError(caught));
      setBusy(null);
      return;
    }
    try {
      await routeByIdentity();
    } finally {
      setBusy(null);
    }
  }

  const onSubmit = ({ email, password }: LoginValues) =>
    signIn('password', () => auth.signInWithEmail(email.trim(), password), mapLoginError);

  const onGoogle = async () => {
    let account: EmulatorGoogleAccount | undefined;
    if (auth.emulator) {
      attempted.current = true;
      const chosen = await chooseAccount();
      // Closing the chooser is the emulator's "popup closed by user": silent.
      if (!chosen) return;
      account = chosen;
    }
    await signIn(
      'google',
      async () => {
        const signedIn = await auth.signInWithGoogle(account);
        if (!signedIn?.uid) {
          toast({
            variant: 'destructive',
            title: translate(LOGIN_MESSAGES.googleFailed),
            description: translate(LOGIN_MESSAGES.noSession),
          });
          throw Object.assign(new Error(NO_SESSION), { code: NO_SESSION });
        }
      },
      mapGoogleSignInError,
    );
  };

  let status: string | null = null;
  if (auth.loading) status = t('auth.initializing');
  else if (redirecting) status = t('auth.redirecting');

  return (
    <div className="relative flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <LanguageSelect className="absolute top-4 right-4" />
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <h1 className="font-semibold text-2xl leading-none">{t('login.title')}</h1>
          <CardDescription>{t('login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {status ? (
            <p role="status" className="flex items-center justify-center gap-2 py-8 text-muted-foreground text-sm">
              <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
              {status}
            </p>
          ) : auth.initError ? (
            <div role="alert" className="grid gap-4 py-4 text-center text-sm">
              <p className="text-destructive">{auth.initError}</p>
              <Button variant="outline" onClick={() => window.location.reload()}>
                {t('login.reload')}
              </Button>
            </div>
          ) : (
            <LoginForm
              defaultEmail={defaultEmail}
              busy={busy}
              error={error}
              onEmailChange={(email) => writeStorage(STORAGE_KEYS.prefillEmail, email)}
              onSubmit={onSubmit}
              onGoogle={onGoogle}
            />
          )}
        </CardContent>
      </Card>
      {dialog}
    </div>
  );
}
