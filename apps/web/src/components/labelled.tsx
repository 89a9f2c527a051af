import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/**
 * A control under its label, for controls outside a form library's context (filters, pickers, plain inputs);
 * `id` is the control's, which the label names. `className` adds to (or overrides) the row's `grid gap-2`.
 */
export function Labelled({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * A labelled plain input with its message below (`${id}-error`, which the input then points at), for forms
 * that check their fields themselves (sign-in, a date range); the rest of the props are the input's.
 */
export function LabelledInput({
  id,
  label,
  error,
  className,
  ...input
}: Omit<React.ComponentProps<'input'>, 'id'> & { id: string; label: string; error: React.ReactNode }) {
  return (
    <Labelled id={id} label={label} className={className}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </Labelled>
  );
}
