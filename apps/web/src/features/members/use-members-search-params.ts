import * as React from 'react';
import { useSearchParams } from 'react-router';

/** The list's page (from 0) and search as the address gives them (?page=2&search=ada; page from 1 there). */
export function membersListFromUrl(params: URLSearchParams) {
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw - 1 : 0;
  return { page, search: params.get('search') ?? '' };
}

/** Page, search and the member shown live in the URL (?page=2&search=ada&member=<id>; page from 1 there). */
export function useMembersSearchParams() {
  const [params, setParams] = useSearchParams();
  const { page, search } = membersListFromUrl(params);
  const member = params.get('member');

  const update = React.useCallback(
    (next: { page?: number; search?: string; member?: string | null }) =>
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next.search !== undefined) {
            if (next.search) result.set('search', next.search);
            else result.delete('search');
          }
          if (next.page !== undefined) {
            if (next.page > 0) result.set('page', String(next.page + 1));
            else result.delete('page');
          }
          if (next.member !== undefined) {
            if (next.member) result.set('member', next.member);
            else result.delete('member');
          }
          return result;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { page, search, member, update };
}

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
