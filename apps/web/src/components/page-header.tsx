import { PlusIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';

/** A screen's heading, the line under it and, without write rights (`onAdd` null) nothing else, else Add. */
export function PageHeader({
  text,
  onAdd,
  addProps,
}: {
  text: { title: string; subtitle: string; add: string };
  onAdd: (() => void) | null;
  /** More for the Add button, e.g. fetching the dialog's code when it is pointed at. */
  addProps?: React.ComponentProps<typeof Button>;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{text.title}</h1>
        <p className="text-muted-foreground">{text.subtitle}</p>
      </div>
      {onAdd && (
        <Button onClick={onAdd} {...addProps}>
          <PlusIcon aria-hidden="true" />
          {text.add}
        </Button>
      )}
    </div>
  );
}
