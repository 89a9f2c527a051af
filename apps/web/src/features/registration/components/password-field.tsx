import { EyeIcon, EyeOffIcon } from 'lucide-react';
import * as React from 'react';
import type { FieldError } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldMessages, REQUIRED_LABEL } from './field-messages';

type PasswordFieldProps = Omit<React.ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: string;
  error: FieldError | undefined;
};

/** Password input with its own show/hide toggle (spec §2). */
export function PasswordField({ id, label, error, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = React.useState(false);
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id} className={REQUIRED_LABEL}>
        {label}
      </Label>
      <div className="relative">
        <Input
          id={id}
          type={visible ? 'text' : 'password'}
          className="pr-10"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute inset-y-0 right-0 h-full px-3 text-muted-foreground hover:bg-transparent"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </Button>
      </div>
      <FieldMessages id={`${id}-error`} error={error} />
    </div>
  );
}
