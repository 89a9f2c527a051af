import { EyeIcon, EyeOffIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { FormControl, FormInputField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n/use-t';

/** A password input with its own show/hide toggle (docs/spec/access-and-identity.md §2: each password field has one). */
export function PasswordInput({ label, ...input }: Omit<React.ComponentProps<'input'>, 'type'> & { label: string }) {
  const [visible, setVisible] = React.useState(false);
  const t = useT();
  // "Show new password": the label lower-cased reads as part of the phrase (Chinese has no case to change).
  const field = label.toLowerCase();
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className="pr-10" {...input} />
      <Button
        variant="ghost"
        size="icon"
        className="absolute inset-y-0 right-0 h-full px-3 text-muted-foreground hover:bg-transparent"
        aria-label={visible ? t('auth.hideField', { field }) : t('auth.showField', { field })}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
      </Button>
    </div>
  );
}

/** The kit's password row: label, the input with its toggle, and the field's message(s). */
export function PasswordField({
  id,
  name,
  label,
  autoComplete,
  markRequired,
  afterChange,
}: {
  id: string;
  name: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** A star after the label and aria-required on the input (registration). */
  markRequired?: boolean;
  /** Runs after each change (e.g. re-checking a confirmation that depends on this field). */
  afterChange?: () => void;
}) {
  return (
    <FormInputField
      name={name}
      options={{ onChange: () => afterChange?.() }}
      render={(registration) => (
        <FormItem id={id} className="content-start">
          <FormLabel required={markRequired}>{label}</FormLabel>
          <FormControl aria-required={markRequired ? 'true' : undefined}>
            <PasswordInput label={label} autoComplete={autoComplete} {...registration} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Lets password managers know whose password a form is about (browsers warn without it). */
export function UsernameHint({ email }: { email: string | null | undefined }) {
  return <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />;
}
