import type * as React from 'react';

/** The phone layout of a list (below 768 px): one card per item, or one box saying the list is empty. */
export function ListCards<Row>({
  label,
  rows,
  rowKey,
  card,
  emptyText,
}: {
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  card: (row: Row) => React.ReactNode;
  emptyText: string;
}) {
  if (rows.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={label}>
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border bg-card p-4 text-sm shadow-xs"
        >
          {card(row)}
        </li>
      ))}
    </ul>
  );
}
