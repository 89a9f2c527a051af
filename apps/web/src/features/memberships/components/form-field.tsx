import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

type Common = { id: string; label: string; error?: string };

/** A labelled input or textarea with its error under it. */
export function Field({
  id,
  label,
  error,
  multiline,
  ...props
}: Common & { multiline?: boolean } & React.ComponentProps<'input'>) {
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {multiline ? (
        <Textarea
          id={id}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          {...(props as unknown as React.ComponentProps<'textarea'>)}
        />
      ) : (
        <Input id={id} aria-invalid={!!error} aria-describedby={describedBy} {...props} />
      )}
      {error && (
        <p id={describedBy} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
