import { MEMBERSHIPS_PAGE_SIZE, type MembershipPage, membershipPageSchema } from '@loyalty/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys, TUNNEL_HEADERS, withMessage } from './keys';

/** GET /api/memberships?page={n}&size=10. */
function fetchMemberships(page: number, signal?: AbortSignal): Promise<MembershipPage> {
  const query = new URLSearchParams({ page: String(page), size: String(MEMBERSHIPS_PAGE_SIZE) });
  return withMessage('memberships.fetchFailed', () =>
    api.get(`/api/memberships?${query}`, { schema: membershipPageSchema, signal, headers: TUNNEL_HEADERS }),
  );
}

export function useMemberships(page: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membershipsKeys.list(tenantId, { page }),
    queryFn: ({ signal }) => fetchMemberships(page, signal),
    placeholderData: keepPreviousData,
  });
}
