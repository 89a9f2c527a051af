import { type Setup, type SetupBody, setupSchema } from '@loyalty/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

const setupKeys = { all: (tenantId: string) => ['tenant', tenantId, 'setup'] as const };

/** GET /api/tenants/setup: the checklist's steps, each done from the business's data, and whether it was hidden. */
function fetchSetup(signal?: AbortSignal): Promise<Setup> {
  return api.get('/api/tenants/setup', { schema: setupSchema, signal });
}

function setupQueryOptions(tenantId: string) {
  // Every visit to the dashboard reads it again: the steps are done on other screens.
  return queryOptions({ queryKey: setupKeys.all(tenantId), queryFn: ({ signal }) => fetchSetup(signal), staleTime: 0 });
}

/** Only owners and admins have a checklist (staff get 403): `enabled` is false for them. */
export function useSetup(enabled: boolean) {
  return useQuery({ ...setupQueryOptions(useTenantId()), enabled });
}

/** PUT /api/tenants/setup {dismissed}. */
export function useDismissSetup() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => api.put('/api/tenants/setup', body, { schema: setupSchema }),
    onSuccess: (setup) => queryClient.setQueryData(setupKeys.all(tenantId), setup),
  });
}
