import { PlusIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';

/** A section of the developers screen: its heading and subtitle with the add button beside them, then the list. */
export function ListSection({
  id,
  title,
  subtitle,
  addLabel,
  onAdd,
  children,
}: {
  /** The section's name: the heading's id is `${id}-heading`. */
  id: string;
  title: string;
  subtitle: string;
  addLabel: string;
  onAdd: () => void;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`${id}-heading`} className="font-semibold text-lg">
            {title}
          </h2>
          <p className="text-muted-foreground text-sm">{subtitle}</p>
        </div>
        <Button onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          {addLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}
