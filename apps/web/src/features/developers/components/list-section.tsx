import { PlusIcon } from 'lucide-react';
import type * as React from 'react';
import { Badge } from '@/components/ui/badge';
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

/** A cell's list of names in code type (an API key's scopes, a webhook's events). */
export function CodeBadges({ values }: { values: string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {values.map((value) => (
        <Badge key={value} variant="secondary" className="font-mono">
          {value}
        </Badge>
      ))}
    </span>
  );
}
