import { PlusIcon } from 'lucide-react';
import type * as React from 'react';
import { Button } from '@/components/ui/button';

/** A screen's heading, the line under it and, without write rights (`onAdd` null) nothing else, else Add. */
export function PageHeader({
  text,
  onAdd,
  addProps,
  actions,
}: {
  text: { title: string; subtitle: string; add: string };
  onAdd: (() => void) | null;
  /** More for the Add button, e.g. fetching the dialog's code when it is pointed at. */
  addProps?: React.ComponentProps<typeof Button>;
  /** More buttons before Add (e.g. Import and Export). */
  actions?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{text.title}</h1>
        <p className="text-muted-foreground">{text.subtitle}</p>
      </div>
      {(onAdd || actions) && (
        <div className="flex flex-wrap gap-2">
          {actions}
          {onAdd && (
            <Button onClick={onAdd} {...addProps}>
              <PlusIcon aria-hidden="true" />
              {text.add}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
