import type * as React from 'react';
import { Button } from '@/components/ui/button';
import { formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

interface PagerProps {
  /** Zero-based, as the API counts. */
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Adds " • Loading…" to the page text while a page is being fetched (users list, spec). */
  loading?: boolean;
  /** The API's `last` flag when known; otherwise the page count decides. */
  last?: boolean;
  /** Text on the left, e.g. "Showing 10 of 42 memberships". */
  summary?: React.ReactNode;
}

/** The one pager of the list screens: a summary, "Page x of y" and Previous / Next. */
export function Pager({ page, totalPages, onPageChange, loading, last, summary }: PagerProps) {
  const pages = Math.max(totalPages, 1);
  const isLast = last ?? page >= pages - 1;
  const t = useT();
  return (
    <nav aria-label={t('list.pagination')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="text-muted-foreground">{summary}</div>
      <div className="flex items-center gap-3">
        <span aria-live="polite">
          {t('list.pageOf', { page: formatNumber(page + 1), pages: formatNumber(pages) })}
          {loading ? t('list.loadingSuffix') : ''}
        </span>
        <Button variant="outline" size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          {t('list.previous')}
        </Button>
        <Button variant="outline" size="sm" disabled={isLast} onClick={() => onPageChange(page + 1)}>
          {t('list.next')}
        </Button>
      </div>
    </nav>
  );
}

/** The pager's figures from a paged query: its page count, `last`, and "Loading…" while a later page loads. */
export function pageOf(query: {
  data?: { totalPages: number; last?: boolean };
  isFetching: boolean;
  isPending: boolean;
}) {
  return {
    totalPages: query.data?.totalPages ?? 1,
    last: query.data?.last,
    loading: query.isFetching && !query.isPending,
  };
}
