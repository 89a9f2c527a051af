import { type Membership, membershipSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys, TUNNEL_HEADERS, withMessage } from './keys';

/** GET /api/memberships/{id}. */
export function fetchMembership(id: string, signal?: AbortSignal): Promise<Membership> {
  return withMessage('memberships.fetchOneFailed', () =>
    api.get(`/api/memberships/${encodeURIComponent(id)}`, {
      schema: membershipSchema,
      signal,
      headers: TUNNEL_HEADERS,
    }),
  );
}

export function useMembership(id: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membershipsKeys.detail(tenantId, id ?? ''),
    queryFn: ({ signal }) => fetchMembership(id as string, signal),
    enabled: !!id,
    // The edit form must start from the stored tier, not from a copy cached before someone else changed it.
    staleTime: 0,
    gcTime: 0,
  });
}
