import {
  type AutomationInput,
  automationPreviewSchema,
  automationRunsSchema,
  automationSchema,
  automationsListSchema,
} from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';

/** Every automations key starts with the tenant; a save invalidates them all. */
const keys = {
  all: (tenantId: string) => ['tenant', tenantId, 'automations'] as const,
  preview: (tenantId: string, body: AutomationInput) => ['tenant', tenantId, 'automations', 'preview', body] as const,
  runs: (tenantId: string, id: string) => ['tenant', tenantId, 'automations', 'runs', id] as const,
};

/** GET /api/tenants/automations. */
export function useAutomations() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.all(tenantId),
    queryFn: ({ signal }) => api.get('/api/tenants/automations', { schema: automationsListSchema, signal }),
  });
}

/** POST /api/tenants/automations (no id) or PUT …/{id}. */
export function useSaveAutomation() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: AutomationInput }) =>
      id
        ? api.put(`/api/tenants/automations/${encodeURIComponent(id)}`, body, { schema: automationSchema })
        : api.post('/api/tenants/automations', body, { schema: automationSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.all(tenantId) }),
  });
}

/** POST /api/tenants/automations/preview: members reached on each of the next seven days. */
export function useAutomationPreview(body: AutomationInput) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.preview(tenantId, body),
    queryFn: ({ signal }) =>
      api.post('/api/tenants/automations/preview', { automation: body }, { schema: automationPreviewSchema, signal }),
  });
}

/** GET /api/tenants/automations/{id}/runs: the log by day. */
export function useAutomationRuns(id: string | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.runs(tenantId, id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      api.get(`/api/tenants/automations/${encodeURIComponent(id ?? '')}/runs`, {
        schema: automationRunsSchema,
        signal,
      }),
  });
}
