import * as React from 'react';
import { useSearchParams } from 'react-router';

/** A list's page (from 0, as the API counts) and search text as the address gives them (page from 1 there). */
export function listFromUrl(params: URLSearchParams, searchKey: string) {
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw - 1 : 0;
  return { page, search: params.get(searchKey) ?? '' };
}

/** What a list screen may change in its address: the page, the search, and keys of its own (null removes). */
type ListUrlChange = { page?: number; search?: string; extra?: Record<string, string | null> };

/**
 * Page and search live in the URL (?page=2&<searchKey>=ada), replaced rather than pushed, so Back leaves the
 * screen instead of stepping through every keystroke.
 */
export function useListUrl(searchKey: string) {
  const [params, setParams] = useSearchParams();
  const { page, search } = listFromUrl(params, searchKey);

  const update = React.useCallback(
    (next: ListUrlChange) =>
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          const put = (key: string, value: string | null) => {
            if (value) result.set(key, value);
            else result.delete(key);
          };
          if (next.search !== undefined) put(searchKey, next.search);
          if (next.page !== undefined) put('page', next.page > 0 ? String(next.page + 1) : null);
          for (const [key, value] of Object.entries(next.extra ?? {})) put(key, value);
          return result;
        },
        { replace: true },
      ),
    [setParams, searchKey],
  );
  return { page, search, params, update };
}
