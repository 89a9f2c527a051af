import type { LucideIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';

/**
 * One action on a row or card (edit, delete): its icon, the word shown beside it if any, and a spoken name
 * that says which row it acts on. An outline small button unless told otherwise; the rest are the button's props.
 */
export function RowActionButton({
  icon: Icon,
  label,
  text,
  variant = 'outline',
  size = 'sm',
  ...button
}: Omit<React.ComponentProps<typeof Button>, 'children'> & { icon: LucideIcon; label: string; text?: string }) {
  return (
    <Button variant={variant} size={size} aria-label={label} {...button}>
      <Icon aria-hidden="true" />
      {text}
    </Button>
  );
}
