import { type BranchInput, branchSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { branchesKey } from '@/lib/branches';
import { useTenantId } from '@/lib/workspace-context';

/** POST /api/tenants/branches (no id) or PUT /api/tenants/branches/{id}. */
export function useSaveBranch() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: BranchInput }) =>
      id
        ? api.put(`/api/tenants/branches/${encodeURIComponent(id)}`, body, { schema: branchSchema })
        : api.post('/api/tenants/branches', body, { schema: branchSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: branchesKey(tenantId) }),
  });
}
