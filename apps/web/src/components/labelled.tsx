import type * as React from 'react';
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
