import * as React from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListUrl } from './list-url';

/** How long typing must pause before the list is searched (users and members, spec). */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * A searched list's state: the text in the box, and the search and page in the URL; a settled new search
 * starts from the first page. `search` is trimmed, ready for the fetcher.
 */
export function useListSearch(searchKey: string) {
  const url = useListUrl(searchKey);
  const { search, update } = url;
  const [text, setText] = React.useState(search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  React.useEffect(() => {
    if (debounced.trim() !== search.trim()) update({ search: debounced.trim(), page: 0 });
  }, [debounced, search, update]);

  return { ...url, search: search.trim(), text, setText };
}

/** Once the answer's page count is known, steps back from a page past the end (last row deleted, stale URL). */
export function useKeepPageInRange(list: ReturnType<typeof useListSearch>, totalPages: number | undefined) {
  const { page, update } = list;
  React.useEffect(() => {
    if (totalPages !== undefined && page > 0 && page >= totalPages) update({ page: Math.max(totalPages - 1, 0) });
  }, [totalPages, page, update]);
}
