import type * as React from 'react';
import { cn } from '@/lib/utils';

/** One column of a list: its header and what a row shows in it. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** Classes of the cell (padding included), e.g. 'whitespace-nowrap px-3 py-2'. */
  className?: string;
  /** Attributes of the cell, e.g. a title. */
  cellProps?: (row: Row) => React.ComponentProps<'td'>;
};

type DataTableProps<Row> = {
  /** The scrollable region's name, e.g. "Users table". */
  label: string;
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  emptyText: string;
  /** Classes of the header cells and of the empty row's cell (the two lists pad differently). */
  headClassName: string;
  emptyClassName: string;
  tableClassName?: string;
};

/** The desktop table of a list screen: one header row, a row per item, or one row saying the list is empty. */
export function DataTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  emptyText,
  headClassName,
  emptyClassName,
  tableClassName,
}: DataTableProps<Row>) {
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md border">
      <table className={cn('w-full text-sm', tableClassName)}>
        <thead className="[&_tr]:border-b">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn('h-10 whitespace-nowrap text-left font-medium', headClassName)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={cn('h-24 text-center text-muted-foreground', emptyClassName)}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-b last:border-0 hover:bg-muted/50">
                {columns.map((column) => (
                  <td key={column.header} className={column.className} {...column.cellProps?.(row)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
