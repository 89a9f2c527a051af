import type * as React from 'react';
import { PageHeader } from '@/components/page-header';
import { Pager } from '@/components/pager';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { SearchBox } from './search-box';
import type { useListSearch } from './use-list-search';

/** A list screen's words (keys, translated when shown): the heading, the line under it, Add and the search box. */
type ListPageText = { title: MessageKey; subtitle: MessageKey; add: MessageKey; search: MessageKey };

type ListPageProps = {
  text: ListPageText;
  /** Without it (no write rights) there is no Add button. */
  onAdd: (() => void) | null;
  list: ReturnType<typeof useListSearch>;
  /** From the page the API answered (1 until there is one). */
  totalPages: number;
  last: boolean | undefined;
  /** Adds " • Loading…" to the pager while a page is being fetched. */
  loading: boolean;
  summary?: string;
  /** The table, the cards, or the loading / error line. */
  children: React.ReactNode;
  /** The screen's dialogs. */
  dialogs?: React.ReactNode;
  /** More header buttons before Add. */
  actions?: React.ReactNode;
};

/** A searched, paged list screen: title and Add, the search box, the list, the pager, then its dialogs. */
export function ListPage({
  text,
  onAdd,
  list,
  totalPages,
  last,
  loading,
  summary,
  children,
  dialogs,
  actions,
}: ListPageProps) {
  const t = useT();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        text={{ title: t(text.title), subtitle: t(text.subtitle), add: t(text.add) }}
        onAdd={onAdd}
        actions={actions}
      />
      <SearchBox label={t(text.search)} value={list.text} onChange={list.setText} />
      {children}
      <Pager
        page={list.page}
        totalPages={totalPages}
        last={last}
        loading={loading}
        onPageChange={(next) => list.update({ page: next })}
        summary={summary}
      />
      {dialogs}
    </div>
  );
}
