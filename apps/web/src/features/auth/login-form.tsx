import { useForm } from 'react-hook-form';
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

// Two "required" checks need no schema library: rules keep zod (and its resolver) out of the sign-in screen's
// first load. The page trims the e-mail before signing in. Their messages are keys, translated where shown.
const rules = {
  email: { validate: (value: string) => value.trim() !== '' || 'login.emailRequired' },
  password: { required: 'login.passwordRequired' },
} as const;

/** A field message of these rules (a key) in the active language. */
const fieldMessage = (t: ReturnType<typeof useT>, message: string | undefined) =>
  message ? t(message as MessageKey) : null;

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
  const form = useForm<LoginValues>({
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;
  const t = useT();

  return (
    // noValidate: the schema reports missing fields in the page, where every browser shows them alike.
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <LabelledInput
        id="login-email"
        label={t('login.email')}
        error={errors.email && fieldMessage(t, errors.email.message)}
        type="email"
        autoComplete="email"
        placeholder="you@company.com" // i18n-ignore: an example address, the same in every language
        required
        {...form.register('email', { ...rules.email, onChange: (event) => onEmailChange(event.target.value) })}
      />
      <LabelledInput
        id="login-password"
        label={t('login.password')}
        error={errors.password && fieldMessage(t, errors.password.message)}
        type="password"
        autoComplete="current-password"
        required
        {...form.register('password', rules.password)}
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
