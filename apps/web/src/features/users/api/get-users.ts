import { type TenantUsersPage, tenantUsersPageSchema, USERS_PAGE_SIZE } from '@loyalty/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ApiClient } from '@/lib/api-client';
import { useTenantId } from '@/lib/workspace-context';

type UsersParams = { page: number; filter: string };

/** Every users key starts with the tenant; mutations invalidate `all`. */
export const usersKeys = {
  all: (tenantId: string) => ['tenant', tenantId, 'users'] as const,
  list: (tenantId: string, params: UsersParams) => ['tenant', tenantId, 'users', params] as const,
};

/** GET /api/tenants/users, as docs/spec/data-screens.md §7 calls it: size 5, newest first, filter only when there is one. */
function fetchUsers(params: UsersParams, client: ApiClient = api, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    size: String(USERS_PAGE_SIZE),
    sortBy: 'createdAt',
    direction: 'desc',
  });
  const filter = params.filter.trim();
  if (filter) query.set('filter', filter);
  return client.get<TenantUsersPage>(`/api/tenants/users?${query}`, { schema: tenantUsersPageSchema, signal });
}

function usersQueryOptions(tenantId: string, params: UsersParams) {
  return queryOptions({
    queryKey: usersKeys.list(tenantId, params),
    queryFn: ({ signal }) => fetchUsers(params, api, signal),
    // The old page stays on screen while the next loads ("Page N of M • Loading…").
    placeholderData: keepPreviousData,
  });
}

export function useUsers(params: UsersParams) {
  return useQuery(usersQueryOptions(useTenantId(), params));
}
