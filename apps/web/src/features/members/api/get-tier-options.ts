import { type TierOption, tierOptionsPageSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/memberships (first 100, sorted by the tiers screen's order): the tiers a member may be pinned to. */
async function fetchTierOptions(signal?: AbortSignal): Promise<TierOption[]> {
  const page = await api.get(`/api/memberships?page=0&size=100`, { schema: tierOptionsPageSchema, signal });
  return page.content;
}

export function useTierOptions(enabled: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membersKeys.tiers(tenantId),
    queryFn: ({ signal }) => fetchTierOptions(signal),
    enabled,
  });
}
