import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export interface PassPanelRow {
  label: string;
  value: ReactNode;
  /** A problem to act on (a failing push, Google's last error): shown in the destructive colour. */
  danger?: boolean;
  /** Takes the whole row on wide screens (long texts such as an error). */
  wide?: boolean;
  testId?: string;
}

/**
 * One wallet pass on the member dialog, Apple's or Google's: a title, what is known of the pass as label and
 * value, and the one action the panel offers (download the file, open the save link). A picture of the card,
 * when given, stands beside.
 */
export function PassPanel(props: {
  id: string;
  title: string;
  rows: PassPanelRow[];
  statusTestId: string;
  action: { icon: ReactNode; label: string; pendingLabel: string; pending: boolean; onClick: () => void };
  /** The card's picture beside the status; null while it loads keeps the place for it. */
  picture?: ReactNode;
}) {
  const { id, title, rows, statusTestId, action, picture } = props;
  const status = (
    <dl className={cn('grid gap-2 text-sm', picture === undefined && 'sm:grid-cols-2')} data-testid={statusTestId}>
      {rows.map((row) => (
        <div key={row.label} className={cn(row.wide && 'sm:col-span-2')} data-testid={row.testId}>
          <dt className="text-muted-foreground text-xs">{row.label}</dt>
          <dd className={cn(row.danger && 'break-words text-destructive')}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
  const button = (
    <Button type="button" variant="outline" className="w-fit" disabled={action.pending} onClick={action.onClick}>
      {action.icon}
      {action.pending ? action.pendingLabel : action.label}
    </Button>
  );
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-md border p-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {picture !== undefined ? (
        <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,300px)_1fr]">
          {picture}
          <div className="grid gap-3">
            {status}
            {button}
          </div>
        </div>
      ) : (
        <>
          {status}
          {button}
        </>
      )}
    </section>
  );
}
