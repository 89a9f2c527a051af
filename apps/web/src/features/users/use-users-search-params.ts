import * as React from 'react';
import { useSearchParams } from 'react-router';

/** Page and filter live in the URL (?page=2&filter=ada; page counted from 1 there, from 0 by the API). */
export function useUsersSearchParams() {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw - 1 : 0;
  const filter = params.get('filter') ?? '';

  const update = React.useCallback(
    (next: { page?: number; filter?: string }) =>
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next.filter !== undefined) {
            if (next.filter) result.set('filter', next.filter);
            else result.delete('filter');
          }
          if (next.page !== undefined) {
            if (next.page > 0) result.set('page', String(next.page + 1));
            else result.delete('page');
          }
          return result;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { page, filter, update };
}

/** The value once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
