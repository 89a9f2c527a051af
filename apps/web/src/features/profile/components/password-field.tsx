import { EyeIcon, EyeOffIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface PasswordFieldProps extends Omit<React.ComponentProps<typeof Input>, 'type'> {
  id: string;
  label: string;
}

/** Lets password managers know whose password a form is about (browsers warn without it). */
export function UsernameHint({ email }: { email: string | null | undefined }) {
  return <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />;
}

/** A password input with its own show/hide toggle (spec §2: each password field has one). */
export function PasswordField({ id, label, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input id={id} type={visible ? 'text' : 'password'} className="pr-10" {...inputProps} />
        <Button
          variant="ghost"
          size="icon"
          className="absolute top-0 right-0 h-full px-3 hover:bg-transparent"
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
