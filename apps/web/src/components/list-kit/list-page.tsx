import { PlusIcon } from 'lucide-react';
import type * as React from 'react';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { SearchBox } from './search-box';

type ListPageProps = {
  title: string;
  subtitle: string;
  /** The Add button's text; without `onAdd` (no write rights) there is no button. */
  addLabel: string;
  onAdd: (() => void) | null;
  searchLabel: string;
  searchText: string;
  onSearchText: (text: string) => void;
  /** The table, the cards, or the loading / error line. */
  children: React.ReactNode;
  pager: React.ComponentProps<typeof Pager>;
  /** The screen's dialogs. */
  dialogs?: React.ReactNode;
};

/** A searched, paged list screen: title and Add, the search box, the list, the pager, then its dialogs. */
export function ListPage({
  title,
  subtitle,
  addLabel,
  onAdd,
  searchLabel,
  searchText,
  onSearchText,
  children,
  pager,
  dialogs,
}: ListPageProps) {
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{subtitle}</p>
        </div>
        {onAdd && (
          <Button onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {addLabel}
          </Button>
        )}
      </div>
      <SearchBox label={searchLabel} value={searchText} onChange={onSearchText} />
      {children}
      <Pager {...pager} />
      {dialogs}
    </div>
  );
}
