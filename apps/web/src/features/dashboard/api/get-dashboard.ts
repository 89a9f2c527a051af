import { type Dashboard, dashboardSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

/** GET /api/dashboard: the tenant's live figures. */
export function fetchDashboard(signal?: AbortSignal) {
  return api.get<Dashboard>('/api/dashboard', { schema: dashboardSchema, signal });
}

export function useDashboard() {
  const tenantId = useTenantId();
  return useQuery({ queryKey: ['tenant', tenantId, 'dashboard'], queryFn: ({ signal }) => fetchDashboard(signal) });
}
