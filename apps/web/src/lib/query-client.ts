import { QueryClient } from '@tanstack/react-query';

/**
 * docs/spec/data-screens.md §7: no retry, no refetch on focus, no polling, data never stale. Screens refresh by
 * invalidating their keys after a mutation instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * For a screen's first query, which the workspace gate may start before the screen mounts: a failure of that
 * early fetch is what the screen shows (its error card and Retry), not a reason to fetch again on mount,
 * which would be a retry the spec (§7) rules out.
 */
export const PREFETCHED = { retryOnMount: false } as const;
