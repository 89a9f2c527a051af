/** The labelled form fields of the dialogs (users, members): react-hook-form registration, message below. */
import type * as React from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

type FieldProps = {
  id: string;
  label: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
};

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  return error?.message ? (
    <p id={`${id}-error`} className="text-destructive text-sm">
      {error.message}
    </p>
  ) : null;
}

const described = (id: string, error: FieldError | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/** A labelled text input with its message below (validated on blur, then on change). */
export function TextField({
  id,
  label,
  error,
  registration,
  ...input
}: FieldProps & Omit<React.ComponentProps<'input'>, 'id'>) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...input} {...described(id, error)} {...registration} />
      <ErrorText id={id} error={error} />
    </div>
  );
}

export type Choice = { value: string; label: string; disabled?: boolean };

/** A native select: keyboard, screen readers and phones handle it as users expect. */
export function SelectField({ id, label, error, registration, choices }: FieldProps & { choices: Choice[] }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        className={cn(
          'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30',
          'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
        )}
        {...described(id, error)}
        {...registration}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} disabled={choice.disabled}>
            {choice.label}
          </option>
        ))}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}
