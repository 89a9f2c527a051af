import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { branchesKey } from '@/lib/branches';
import { useTenantId } from '@/lib/workspace-context';

/** DELETE /api/tenants/branches/{id}: 409 BRANCH_IN_USE once an entry names it (deactivate it instead). */
export function useDeleteBranch() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/tenants/branches/${encodeURIComponent(id)}`),
    // Refused too: a 409 means an entry named it since the list was read, so the list reads it again (in use).
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchesKey(tenantId) }),
  });
}
