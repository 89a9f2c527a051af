import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no retry, no refetch on focus, no polling, data never stale. Screens refresh by
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
