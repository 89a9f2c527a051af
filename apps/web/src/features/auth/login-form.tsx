import * as React from 'react';
import { Link } from 'react-router';
import { GoogleIcon } from '@/components/google-icon';
import { LabelledInput } from '@/components/labelled';
import { Button } from '@/components/ui/button';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

export interface LoginValues {
  email: string;
  password: string;
}

// Two "required" checks need no form library: plain state keeps react-hook-form (and zod) out of the sign-in
// screen's first load (docs/capacity.md: /login ≤ 165 KB gzip). The page trims the e-mail before signing in.
// As a form of the kit does: checked on submit, then again on each change; the first missing field gets focus.
type LoginErrors = Partial<Record<keyof LoginValues, MessageKey>>;
const missing = (values: LoginValues): LoginErrors => ({
  ...(values.email.trim() === '' ? { email: 'login.emailRequired' as const } : {}),
  ...(values.password === '' ? { password: 'login.passwordRequired' as const } : {}),
});

interface LoginFormProps {
  defaultEmail: string;
  busy: 'password' | 'google' | null;
  /** The mapped sign-in failure, a catalogue key. */
  error: MessageKey | null;
  onEmailChange: (email: string) => void;
  onSubmit: (values: LoginValues) => void;
  onGoogle: () => void;
}

export function LoginForm({ defaultEmail, busy, error, onEmailChange, onSubmit, onGoogle }: LoginFormProps) {
  const [values, setValues] = React.useState<LoginValues>({ email: defaultEmail, password: '' });
  const [errors, setErrors] = React.useState<LoginErrors>({});
  const [submitted, setSubmitted] = React.useState(false);
  const t = useT();
  const change = (name: keyof LoginValues) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [name]: event.target.value };
    setValues(next);
    if (submitted) setErrors(missing(next));
    if (name === 'email') onEmailChange(event.target.value);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = missing(values);
    setErrors(found);
    const first = (['email', 'password'] as const).find((name) => found[name]);
    if (first) document.getElementById(`login-${first}`)?.focus();
    else onSubmit(values);
  };

  return (
    // noValidate: the form reports missing fields in the page, where every browser shows them alike.
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <LabelledInput
        id="login-email"
        label={t('login.email')}
        error={errors.email ? t(errors.email) : null}
        type="email"
        autoComplete="email"
        placeholder="you@company.com" // i18n-ignore: an example address, the same in every language
        required
        name="email"
        value={values.email}
        onChange={change('email')}
      />
      <LabelledInput
        id="login-password"
        label={t('login.password')}
        error={errors.password ? t(errors.password) : null}
        type="password"
        autoComplete="current-password"
        required
        name="password"
        value={values.password}
        onChange={change('password')}
      />
      {error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive text-sm"
        >
          {t(error)}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy !== null}>
        {busy === 'password' ? t('login.signingIn') : t('login.signIn')}
      </Button>
      <div className="relative text-center text-muted-foreground text-xs uppercase">
        <span className="relative z-10 bg-card px-2">{t('login.or')}</span>
        <span className="absolute inset-x-0 top-1/2 border-t" aria-hidden="true" />
      </div>
      <Button variant="outline" className="w-full" disabled={busy !== null} onClick={onGoogle}>
        <GoogleIcon className="size-4" />
        {t('google.continue')}
      </Button>
      <p className="text-center text-muted-foreground text-sm">
        {t('login.noAccount')}{' '}
        <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('login.registerHere')}
        </Link>
      </p>
    </form>
  );
}
