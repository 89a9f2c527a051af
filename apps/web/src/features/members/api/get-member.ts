import { type MemberDetail, memberDetailSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/tenants/member/{id}. */
function fetchMember(id: string, signal?: AbortSignal) {
  return api.get<MemberDetail>(`/api/tenants/member/${encodeURIComponent(id)}`, { schema: memberDetailSchema, signal });
}

export function useMember(id: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: membersKeys.detail(tenantId, id ?? ''),
    queryFn: ({ signal }) => fetchMember(id as string, signal),
    enabled: !!id,
  });
}
