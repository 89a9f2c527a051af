import type * as React from 'react';
import type { FieldError } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldMessages, REQUIRED_LABEL } from './field-messages';

type TextFieldProps = Omit<React.ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  error: FieldError | undefined;
};

/** A labelled input with its messages; read-only fields look settled rather than disabled. */
export function TextField({ id, label, error, readOnly, className, ...input }: TextFieldProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id} className={REQUIRED_LABEL}>
        {label}
      </Label>
      <Input
        id={id}
        readOnly={readOnly}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={readOnly ? 'bg-muted text-muted-foreground focus-visible:ring-0' : className}
        {...input}
      />
      <FieldMessages id={`${id}-error`} error={error} />
    </div>
  );
}
