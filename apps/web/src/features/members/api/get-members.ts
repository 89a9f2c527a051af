import { MEMBERS_PAGE_SIZE, type MembersPage, membersPageSchema } from '@loyalty/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { membersKeys } from '@/lib/members-keys';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

type MembersParams = { page: number; search: string; branchId?: string };

/** GET /api/tenants/member: newest first, searched on the server. */
function fetchMembers(params: MembersParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(params.page), size: String(MEMBERS_PAGE_SIZE) });
  if (params.search.trim()) query.set('search', params.search.trim());
  // Members whose home branch it is (docs/design.md §10).
  if (params.branchId) query.set('branchId', params.branchId);
  return api.get<MembersPage>(`/api/tenants/member?${query}`, { schema: membersPageSchema, signal });
}

export function membersQueryOptions(tenantId: string, params: MembersParams) {
  return queryOptions({
    queryKey: membersKeys.list(tenantId, params),
    queryFn: ({ signal }) => fetchMembers(params, signal),
    ...PREFETCHED,
  });
}

export function useMembers(params: MembersParams) {
  return useQuery({ ...membersQueryOptions(useTenantId(), params), placeholderData: keepPreviousData });
}
