import { type Dashboard, dashboardSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { PREFETCHED } from '@/lib/query-client';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/dashboard: the tenant's live figures. */
function fetchDashboard(signal?: AbortSignal) {
  return api.get<Dashboard>('/api/dashboard', { schema: dashboardSchema, signal });
}

export function dashboardQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['tenant', tenantId, 'dashboard'],
    queryFn: ({ signal }) => fetchDashboard(signal),
    ...PREFETCHED,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions(useTenantId()));
}
